// Dear ImGui widgets that show a command from the table: its label, its shortcut, greyed when
// it is not enabled, ticked when it is a toggle that is on; a click runs it.
#pragma once

#include <imgui.h>

#include "app/gui/commands/command_table.h"

namespace gomoku::gui {

// A menu item with the command's first shortcut. `hideWhenDisabled`: not shown at all then
// (an item that only makes sense in one state, such as Resume).
bool commandMenuItem(const CommandTable& commands, CommandId id, bool hideWhenDisabled = false);
enum class LabelWidth { Full, Short };
bool commandButton(const CommandTable& commands, CommandId id, ImVec2 size = ImVec2(0, 0),
                   LabelWidth width = LabelWidth::Full);
// A toggle as a check box or a radio button (short label).
bool commandCheckbox(const CommandTable& commands, CommandId id);
bool commandRadioButton(const CommandTable& commands, CommandId id);
// A tooltip for the last item: the command's help and its keys, "Undo (Ctrl+Z)".
void commandTooltip(const CommandTable& commands, CommandId id);

}  // namespace gomoku::gui
