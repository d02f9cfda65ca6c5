"""Spreadsheet import: component sets read from .xlsx or .csv, with every problem located."""

from playproof.components.model import ComponentRow, ComponentSet, Workbook
from playproof.components.reader import read_project_workbook, read_workbook

__all__ = ["ComponentRow", "ComponentSet", "Workbook", "read_workbook", "read_project_workbook"]
