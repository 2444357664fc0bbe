"""The messages of the lesson reader and of the replay's checks.

Each is an English msgid with named placeholders holding plain text (YAML keys, card and move
notation as written in the file, numbers), never translated words. The messages every format
shares (``E_READ``, ``E_SYNTAX``, ``E_MISSING``, ``E_NOT_IN_PACK``, ``E_HAND_SIZE`` ...) are
defined once in ``tutor.formats.messages`` and re-exported here; this module defines only the
lesson's own (its steps, checks and compared presets).
"""

from __future__ import annotations

from tutor.engine import E_UNKNOWN_SWITCH as _UNKNOWN_SWITCH
from tutor.formats.messages import (
    E_ALIAS,
    E_BAD_ID,
    E_BRACES,
    E_CARD,
    E_COPIES,
    E_DUPLICATE_ID,
    E_DUPLICATE_KEY,
    E_EMPTY_TEXT,
    E_ENCODING,
    E_HAND_SIZE,
    E_LEVEL,
    E_MISSING,
    E_MOVE,
    E_NOT_BOOL,
    E_NOT_IN_PACK,
    E_NOT_INT,
    E_NOT_LIST,
    E_NOT_MAPPING,
    E_NOT_TEXT,
    E_PLAYER,
    E_PRESET,
    E_READ,
    E_RULES_VALUE,
    E_SEAT,
    E_SYNTAX,
    E_TAG,
    E_TOO_COMPLEX,
    E_TOO_LARGE,
    E_UNKNOWN_FIELD,
)
from tutor.msgid import N_

__all__ = [
    "C_BECAUSE",
    "C_BECAUSE_PAUSE",
    "C_DRAW",
    "C_GAME_POINTS",
    "C_GOES_ON",
    "C_HAND",
    "C_ILLEGAL",
    "C_ILLEGAL_RULE",
    "C_LEGAL",
    "C_MATCH",
    "C_MATCH_DECIDED",
    "C_MATCH_OPEN",
    "C_MATCH_WINNER",
    "C_NOT_OVER",
    "C_NO_MATCH",
    "C_NO_TRICK",
    "C_OVER",
    "C_PENDING",
    "C_POINTS",
    "C_SCORE",
    "C_STOCK",
    "C_TO_MOVE",
    "C_TO_MOVE_NONE",
    "C_TO_MOVE_OVER",
    "C_TRICKS",
    "C_TRICK_WINNER",
    "C_TRUMP_CARD",
    "C_TRUMP_CARD_GONE",
    "C_WINNER",
    "C_WINNER_DRAW",
    "E_ACCEPT_ILLEGAL",
    "E_ACCEPT_WEAK",
    "E_AFTER_END",
    "E_ALIAS",
    "E_ANSWER_ENGINE",
    "E_BAD_ID",
    "E_BOTH_KINDS",
    "E_BRACES",
    "E_CARD",
    "E_CARD_TWICE",
    "E_CHECK",
    "E_COMPARE_LONG",
    "E_COMPARE_RULES",
    "E_COMPARE_SEATS",
    "E_COMPARE_SHORT",
    "E_COPIES",
    "E_DEAL",
    "E_DUPLICATE_ID",
    "E_DUPLICATE_KEY",
    "E_EMPTY",
    "E_EMPTY_TEXT",
    "E_ENCODING",
    "E_FILE_SEARCH",
    "E_HAND_SIZE",
    "E_ILLEGAL",
    "E_INTERNAL",
    "E_LANGUAGE",
    "E_LEVEL",
    "E_MATCH_OVER",
    "E_MISSING",
    "E_MOVE",
    "E_NOT_ACCEPTED",
    "E_NOT_BOOL",
    "E_NOT_INT",
    "E_NOT_IN_PACK",
    "E_NOT_LIST",
    "E_NOT_MAPPING",
    "E_NOT_TEXT",
    "E_NO_STEPS",
    "E_ONE_RIGHT",
    "E_PAUSE_NARRATION",
    "E_PLAYER",
    "E_PRESET",
    "E_READ",
    "E_READING",
    "E_RULES_VALUE",
    "E_RULE_ID",
    "E_SEARCH_LIMIT",
    "E_SEAT",
    "E_SHOW",
    "E_SWITCH",
    "E_SYNTAX",
    "E_TABLE_ACCEPT",
    "E_TAG",
    "E_TERM",
    "E_TEXT_LANGUAGE",
    "E_TEXT_NEEDS_LANGUAGE",
    "E_TOO_COMPLEX",
    "E_TOO_LARGE",
    "E_TRUMP_NOT_TURNED",
    "E_UNKNOWN_FIELD",
    "E_UNNAMED",
    "E_VARIANT",
    "E_VARIANT_NO_COMPARE",
    "E_YOUR_MOVE_COMPARE",
    "E_YOUR_MOVE_NEEDS_MOVE",
    "E_YOUR_MOVE_TURN",
]

# The messages only a lesson has. Placeholders hold plain text (YAML keys, card and move
# notation as written in the file, numbers), never translated words.
E_EMPTY = N_(
    "the file is empty; a lesson is a YAML mapping with id, title, level, summary, rules, "
    "deal and steps"
)
E_SHOW = N_("'show' must be one of {valid}, not '{value}'")
E_SWITCH = _UNKNOWN_SWITCH  # the engine's own message, written once
E_COMPARE_SEATS = N_(
    "'compare' compares rules for two players, but the rules '{rules}' seat {seats} players"
)
E_TABLE_ACCEPT = N_(
    "with three or four players 'your_move' needs the moves it accepts ('accept'): there is no "
    "exact value to compare them with"
)
E_COMPARE_SHORT = N_("'compare' needs at least two different presets")
E_COMPARE_LONG = N_("'compare' lists at most {limit} presets")
E_MATCH_OVER = N_(
    "the match score A {a}, B {b} is already decided under the {rules} rules (the match is "
    "won at {target}): a match score before the deal is below that"
)
E_COMPARE_RULES = N_("the rules '{rules}' must be the first preset in 'compare' ({compare})")
E_VARIANT = N_("'{name}' is not one of the compared presets; valid: {valid}")
E_VARIANT_NO_COMPARE = N_("'variants' need a 'compare' list of presets at the top of the lesson")
E_CARD_TWICE = N_("the card {notation} is dealt twice (also at line {other_line})")
E_UNNAMED = N_("the move '{move}' uses the card {notation}, which the deal does not name")
E_RULE_ID = N_("unknown rule id '{rule_id}'; valid rule ids: {valid}")
E_CHECK = N_("unknown check '{name}'; valid checks: {valid}")
E_NO_STEPS = N_("a lesson needs at least one step")
E_PAUSE_NARRATION = N_("a step without a move is a pause and needs a narration")
E_ILLEGAL = N_(
    "{player} may not make the move '{move}' here under the {rules} rules; "
    "deciding rule: {rule_ids}"
)
E_AFTER_END = N_("the deal is already over, so the move '{move}' cannot be made")
E_DEAL = N_("the deal cannot be made: {problem}")
E_TRUMP_NOT_TURNED = N_(
    "no card is turned face up under these rules: leave 'trump' out of the deal, the players "
    "name trumps"
)
E_INTERNAL = N_("this lesson could not be checked: {problem}")
# Failed checks: what was expected and what the replay shows.
C_POINTS = N_("card points in tricks: expected {expected}, but the replay has {actual}")
C_SCORE = N_("score (card points and marriages): expected {expected}, but the replay has {actual}")
C_PENDING = N_(
    "marriage points waiting for a won trick: expected {expected}, but the replay has {actual}"
)
C_TRICKS = N_("tricks won: expected {expected}, but the replay has {actual}")
C_TRICK_WINNER = N_("expected {expected} to win the trick, but {actual} wins it")
C_NO_TRICK = N_("expected {expected} to win a trick here, but no trick is complete at this step")
C_LEGAL = N_("expected '{move}' to be legal here, but it is not (rule: {rule_ids})")
C_ILLEGAL = N_("expected '{move}' to be illegal here, but it is legal")
C_ILLEGAL_RULE = N_(
    "'{move}' is illegal as expected, but the deciding rule is {actual}, not {expected}"
)
C_BECAUSE = N_("expected the move to be decided by {expected}, but the rules are {actual}")
C_BECAUSE_PAUSE = N_("'because' needs a move, but this step is a pause")
C_TO_MOVE = N_("expected {expected} to be on turn, but it is {actual}")
C_TO_MOVE_OVER = N_("expected {expected} to be on turn, but the deal is over")
C_TO_MOVE_NONE = N_("expected the deal to be over with nobody on turn, but {actual} is on turn")
C_HAND = N_("expected {player} to hold {expected}, but the hand is {actual}")
C_STOCK = N_("expected {expected} cards left to draw, but there are {actual}")
C_TRUMP_CARD = N_("expected the face-up trump card to be {expected}, but it is {actual}")
C_TRUMP_CARD_GONE = N_("expected the face-up trump card to be {expected}, but it has been taken")
C_NOT_OVER = N_("the check '{check}' needs the deal to be over, but it goes on")
C_OVER = N_("expected the deal to be over here, but it goes on")
C_GOES_ON = N_("expected the deal to go on, but it is over")
C_GAME_POINTS = N_("game points: expected {expected}, but the replay has {actual}")
C_WINNER = N_("expected {expected} to win the deal, but {actual} wins it")
C_WINNER_DRAW = N_("expected {expected} to win the deal, but it is drawn")
C_DRAW = N_("expected a drawn deal, but {actual} wins it")
C_NO_MATCH = N_("the check '{check}' needs a match score: add 'match' to the deal")
C_MATCH = N_("match score: expected {expected}, but the replay has {actual}")
C_MATCH_WINNER = N_("expected {expected} to win the match, but {actual}")
C_MATCH_OPEN = N_("expected {expected} to win the match, but it is not decided yet")
C_MATCH_DECIDED = N_("expected the match to go on, but {actual} has won it")
# Interactive steps: the learner's move and questions.
E_BOTH_KINDS = N_(
    "a step asks either for the learner's move ('your_move') or a 'question', not both"
)
E_YOUR_MOVE_NEEDS_MOVE = N_(
    "'your_move' needs the step's 'move': the move played once the learner has found it"
)
E_ONE_RIGHT = N_("a question needs exactly one right answer, but {count} are marked right")
E_NOT_ACCEPTED = N_("the step's move '{move}' is not one of the accepted moves ({accepted})")
E_ACCEPT_ILLEGAL = N_(
    "the accepted move '{move}' is not allowed here under the {rules} rules; "
    "deciding rule: {rule_ids}"
)
E_ACCEPT_WEAK = N_(
    "the accepted move '{move}' gets {value} game points, but the best move '{best}' gets "
    "{best_value}: more than the tolerance of {tolerance}"
)
E_SEARCH_LIMIT = N_("the best move here could not be found within the search limit ({reason})")
E_FILE_SEARCH = N_(
    "the solver cannot judge this step within the limit of one lesson file ({searches} "
    "positions, {nodes} positions searched in all): ask 'your_move' at fewer positions or "
    "later in the deal, or split the lesson"
)
E_YOUR_MOVE_COMPARE = N_(
    "'your_move' is not allowed in a lesson that compares presets ({compare}): the best move "
    "may differ from one preset to the next; ask a 'question' whose checks hold under each "
    "preset instead"
)
E_YOUR_MOVE_TURN = N_("'your_move' needs a player on turn, but the deal is over")
E_ANSWER_ENGINE = N_(
    "the right answer disagrees with the engine: its check '{check}' does not hold here"
)
E_READING = N_(
    "the answer {answer} stands in this step's narration ({language}): the question tests "
    "reading, not recall"
)
# The terms a lesson introduces.
E_TERM = N_("unknown term id '{term}'; valid term ids: {valid}")

E_LANGUAGE = N_("unknown language '{value}'; valid languages: {valid}")
E_TEXT_LANGUAGE = N_("'{field}' is given in {given} but not in the lesson's language {language}")
E_TEXT_NEEDS_LANGUAGE = N_(
    "'{field}' is given in several languages: name the language the lesson is written in "
    "with 'language' (one of {valid})"
)
