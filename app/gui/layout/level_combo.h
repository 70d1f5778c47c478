// The computer's level as a player picks it: a drop-down of the ten named levels (each row
// with its sentence) and, under it, the sentence of the level chosen. The New game dialog and
// the Game panel both show it; the words come from models/levels.
#pragma once

namespace gomoku::gui {

// `indent`: where the sentence under the drop-down starts (the drop-down's own x).
// Returns true when the player chose another level.
bool levelCombo(const char* id, int& strength, float width, float indent);

}  // namespace gomoku::gui
