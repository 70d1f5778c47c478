// The position-code box (issue 15): Enter sets the position up; a bad code is refused with an
// error and the game stays exactly as it was; Esc goes back to the game's own code.
#include <doctest/doctest.h>

#include "app/gui/models/move_text.h"
#include "app/gui/models/position_code.h"
#include "core/game/record.h"
#include "fake_backend.h"

using namespace gomoku;
using namespace gomoku::gui;

TEST_CASE("code box: a code sets the position up, a bad one is refused and changes nothing") {
  testing::ControllerFixture f(PlayerKind::Human, PlayerKind::Human);
  PositionCodeBox box;
  // (The app hands the text to GameActions::enterCode, which may ask first: game_actions_test.)
  auto setUp = [&f](const std::string& code) { return setUpPosition(f.c, code); };
  box.follow(toPositionCode(f.c.game().moves()));
  CHECK(box.text.empty());

  box.text = "  h8i9j10 ";
  CHECK(box.submit(setUp));
  CHECK(box.error.empty());
  REQUIRE(f.c.game().moves().size() == 3);
  CHECK(toPositionCode(f.c.game().moves()) == "h8i9j10");
  CHECK(f.c.game().board().sideToMove() == Color::White);

  const std::vector<Point> before = f.c.game().moves();
  const uint64_t key = f.c.game().board().key();
  for (const char* bad : {"h8h8", "zz99", "h8 i9 hello", "", "a40"}) {
    CAPTURE(bad);
    box.text = bad;
    CHECK_FALSE(box.submit(setUp));
    CHECK_FALSE(box.error.empty());
    CHECK(box.text == bad);  // kept, so the user can fix it
    CHECK(f.c.game().moves() == before);
    CHECK(f.c.game().board().key() == key);
  }

  // Esc: the box shows the game's code again and the error goes.
  box.cancel(toPositionCode(f.c.game().moves()));
  CHECK(box.text == "h8i9j10");
  CHECK(box.error.empty());

  // A code too big for this board is set up on a board it fits.
  box.text = "s19a1";
  CHECK(box.submit(setUp));
  CHECK(f.c.game().size() == 19);
  CHECK(f.c.game().moves().size() == 2);
}

TEST_CASE("variation stones and text are lettered, never numbered like moves") {
  CHECK(variationLetter(0) == "a");
  CHECK(variationLetter(2) == "c");
  CHECK(variationLetter(25) == "z");
  CHECK(variationLetter(26) == "aa");
  const std::vector<Point> pv = {*parsePointText("h8", 15), *parsePointText("i9", 15),
                                 *parsePointText("j10", 15)};
  CHECK(variationText(pv, 16) == "a: h8, b: i9, c: j10");
  CHECK(variationText(pv, 2) == "a: h8, b: i9 ...");
}
