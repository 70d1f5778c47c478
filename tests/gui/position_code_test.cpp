// The position-code box (issue 15): Enter sets the position up; a bad code is refused with an
// error and the game stays exactly as it was; Esc goes back to the game's own code.
#include <doctest/doctest.h>

#include "app/gui/models/position_code.h"
#include "core/record.h"
#include "fake_backend.h"

using namespace gomoku;
using namespace gomoku::gui;

TEST_CASE("code box: a code sets the position up, a bad one is refused and changes nothing") {
  testing::ControllerFixture f(PlayerKind::Human, PlayerKind::Human);
  PositionCodeBox box;
  box.follow(toPositionCode(f.c.game().moves()));
  CHECK(box.text.empty());

  box.text = "  h8i9j10 ";
  CHECK(box.submit(f.c));
  CHECK(box.error.empty());
  REQUIRE(f.c.game().moves().size() == 3);
  CHECK(toPositionCode(f.c.game().moves()) == "h8i9j10");
  CHECK(f.c.game().board().sideToMove() == Color::White);

  const std::vector<Point> before = f.c.game().moves();
  const uint64_t key = f.c.game().board().key();
  for (const char* bad : {"h8h8", "zz99", "h8 i9 hello", "", "a40"}) {
    CAPTURE(bad);
    box.text = bad;
    CHECK_FALSE(box.submit(f.c));
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
  CHECK(box.submit(f.c));
  CHECK(f.c.game().size() == 19);
  CHECK(f.c.game().moves().size() == 2);
}
