"""The table's parts' state under the names the table has always shown it by (tests, the self-test and the
driver read them)."""

from __future__ import annotations


class SceneAliases:
    """Read-only names on a `TableScene` for what its parts hold."""

    hint_marks = property(lambda self: self.hints.marks)
    shown_hint = property(lambda self: self.hints.shown)
    drag = property(lambda self: self.input.drag)
    last_click = property(lambda self: self.input.last_click)
    buttons = property(lambda self: self.panels.buttons)
    action_buttons = property(lambda self: self.panels.action_buttons)
    choice_panel = property(lambda self: self.panels.choice_panel)
    chooser = property(lambda self: self.panels.chooser)
    result_panel = property(lambda self: self.panels.result_panel)
    confirm = property(lambda self: self.panels.confirm)
    sheet_window = property(lambda self: self.panels.sheet_window)
    message = property(lambda self: self.messages.text)
    message_error = property(lambda self: self.messages.error)
    message_time = property(lambda self: self.messages.time_left)
