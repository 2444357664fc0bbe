"""Why a move is legal or not, in words, and the sentences around it: one name for what
``tutor.words`` says about rules, moves, tricks and outcomes.

The words live where their concern does, and this module gathers them:

- ``tutor.words.rule_texts``: each rule id of the engine as a translated sentence that names
  its source (the rule catalogue, as data);
- ``tutor.words.reasons``: a move's verdict, and what each reason means for it;
- ``tutor.words.phrases``: a move as a phrase, an item or a label; cards in a list; numbers;
- ``tutor.words.narrate``: what a move, a trick and a deal's end did;
- ``tutor.words.switches``: the rule switches' names and values.

Data flows one way: the engine gives ``Verdict``/``Reason`` values; these modules turn them into
text with a translator; the app and the CLI only display the text.
"""

from __future__ import annotations

from tutor.words.narrate import (
    describe_move,
    describe_outcome,
    describe_trick,
)
from tutor.words.phrases import (
    card_item,
    card_list,
    choice_label,
    move_item,
    move_label,
    move_phrase,
    number,
    percent,
    sentence,
    waiting_prompt,
)
from tutor.words.reasons import (
    explain_verdict,
    reason_text,
    specific_reason,
    verdict_head,
)
from tutor.words.rule_texts import (
    RULE_COUNTS,
    RULE_TEXTS,
    RULE_TEXTS_ALT,
    SCORE_SWITCH,
    SOURCE_NAMES,
    SOURCE_TAGS,
    RuleMessage,
    n_,
    rule_line,
    rule_numbers,
    rule_source,
    rule_text,
    source_label,
    source_name,
    source_tag,
)
from tutor.words.switches import (
    SWITCH_NAMES,
    VALUE_TEXTS,
    VALUE_TEXTS_BY_SWITCH,
    switch_name,
    switch_value_text,
)

__all__ = [
    "RULE_COUNTS",
    "RULE_TEXTS",
    "RULE_TEXTS_ALT",
    "SCORE_SWITCH",
    "SOURCE_NAMES",
    "SOURCE_TAGS",
    "SWITCH_NAMES",
    "VALUE_TEXTS",
    "VALUE_TEXTS_BY_SWITCH",
    "RuleMessage",
    "card_item",
    "card_list",
    "choice_label",
    "describe_move",
    "describe_outcome",
    "describe_trick",
    "explain_verdict",
    "move_item",
    "move_label",
    "move_phrase",
    "n_",
    "number",
    "percent",
    "reason_text",
    "rule_line",
    "rule_numbers",
    "rule_source",
    "rule_text",
    "sentence",
    "source_label",
    "source_name",
    "source_tag",
    "specific_reason",
    "switch_name",
    "switch_value_text",
    "verdict_head",
    "waiting_prompt",
]
