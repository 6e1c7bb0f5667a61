from enum import StrEnum


class RuleOptionsWd4LegalWhen(StrEnum):
    NO_COLOR_MATCH = "no_color_match"
    NO_OTHER_PLAYABLE = "no_other_playable"

    def __str__(self) -> str:
        return str(self.value)
