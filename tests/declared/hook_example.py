"""The Python hook example of docs/rules-sheets.md (kept identical to it by a test)."""

from pathlib import Path

from playproof.playtest.declared import DeclaredEngine, Play, declared_engine
from playproof.playtest.engine import Event, Rule, Violation


class OneLighthouse(DeclaredEngine):
    """House rule: nobody owns two Lighthouses."""

    extra_rules = (Rule("my-game/house-one-lighthouse", "Nobody owns two Lighthouses.", "house rules"),)

    def check_move(self, play: Play, event: Event) -> list[Violation]:
        if play.spec.verb == "buy" and play.comp is not None and play.comp.name == "Lighthouse":
            owned = self.state.zone("tableau", play.mover).items
            if any(comp.name == "Lighthouse" for comp, _ in owned):
                return [self.violation("house-one-lighthouse", f"{play.mover} already owns a Lighthouse", event)]
        return []


ENGINE = declared_engine(Path(__file__).parent, "my-game", base=OneLighthouse)
