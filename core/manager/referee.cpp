#include "core/manager/referee.h"

#include <chrono>

namespace gomoku {

const char* terminationName(Termination t) {
  switch (t) {
    case Termination::Five:
      return "five";
    case Termination::FullBoard:
      return "full board";
    case Termination::MoveLimit:
      return "move limit";
    case Termination::Forfeit:
      return "forfeit";
    case Termination::Aborted:
      return "aborted";
    case Termination::NoLegalMove:
      return "no legal move";
  }
  return "?";
}

std::optional<std::string> checkOpening(const std::vector<Point>& opening, int size, Rule rule) {
  Game game;
  if (auto error = game.newGame(size, rule)) return error;
  for (size_t i = 0; i < opening.size(); ++i)
    if (auto why = game.play(opening[i]))
      return "opening move " + std::to_string(i + 1) + " (" + pointToText(opening[i]) +
             "): " + *why;
  if (game.isOver()) return "the opening already ends the game";
  return std::nullopt;
}

PlayedGame playGame(Player* const players[2], const RefereeSetup& setup,
                    const std::atomic<bool>* abort) {
  using Clock = std::chrono::steady_clock;
  PlayedGame out;
  for (int c = 0; c < 2; ++c) out.names[c] = players[c]->name();
  auto forfeit = [&](Color loser, Failure failure, const std::string& detail) {
    out.termination = Termination::Forfeit;
    out.forfeiter = loser;
    out.failure = failure;
    out.result = loser == Color::Black ? GameResult::WhiteWins : GameResult::BlackWins;
    out.reason = colorName(loser);
    out.reason += " (" + out.names[index(loser)] + ") forfeits: ";
    out.reason += failureName(failure);
    out.reason += " (" + detail + ")";
  };

  Game game;
  if (auto error = game.newGame(setup.size, setup.rule)) {
    out.reason = "cannot set up the game: " + *error;
    return out;
  }
  if (auto error = checkOpening(setup.opening, setup.size, setup.rule)) {
    out.reason = "bad opening: " + *error;
    return out;
  }
  for (Point p : setup.opening) {
    game.play(p);
    out.moves.push_back(p);
    out.moveMs.push_back(0);
  }
  out.openingPlies = int(setup.opening.size());

  auto finish = [&]() {
    for (int c = 0; c < 2; ++c) players[c]->endGame();
    return out;
  };
  auto aborted = [&]() {
    out.termination = Termination::Aborted;
    out.result = GameResult::Draw;
    out.reason = "aborted";
    return finish();
  };

  for (int c = 0; c < 2; ++c) {
    GameSettings settings{setup.size, setup.rule, setup.time[c]};
    if (auto error = players[c]->newGame(settings)) {
      // Players aborted with the match refuse a new game: that is no forfeit.
      if (abort && abort->load()) return aborted();
      forfeit(Color(c), Failure::StartFailed, *error);
      return finish();
    }
    out.names[c] = players[c]->name();  // an external engine's ABOUT name is known now
  }

  PlayerClock clocks[2] = {PlayerClock(setup.time[0]), PlayerClock(setup.time[1])};

  while (true) {
    if (game.isOver()) {
      out.result = game.result();
      const EndReason why = game.endReason();
      out.termination = why == EndReason::Five          ? Termination::Five
                        : why == EndReason::NoLegalMove ? Termination::NoLegalMove
                                                        : Termination::FullBoard;
      if (out.termination == Termination::Five) {
        Color w = game.winner();
        out.reason = std::string(colorName(w)) + " (" + out.names[index(w)] + ") wins by five";
      } else if (out.termination == Termination::NoLegalMove) {
        out.reason = "draw: black has no legal move (every empty point is forbidden)";
      } else {
        out.reason = "draw: the board is full";
      }
      return finish();
    }
    if (setup.drawAfterPlies > 0 && game.ply() >= setup.drawAfterPlies) {
      out.result = GameResult::Draw;
      out.termination = Termination::MoveLimit;
      out.reason = "draw: " + std::to_string(game.ply()) + " stones played (move limit)";
      return finish();
    }
    if (abort && abort->load()) return aborted();

    Color side = game.sideToMove();
    int s = index(side);
    PlayerClock& clock = clocks[s];
    MoveClock moveClock{clock.moveLimitMs(), clock.timeLeftMs()};
    auto start = Clock::now();
    MoveReply reply = players[s]->requestMove(game.moves(), moveClock);
    int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();

    if (reply.failure == Failure::Aborted) return aborted();
    if (!reply.ok()) {
      forfeit(side, reply.failure, reply.detail);
      return finish();
    }
    if (moveClock.limitMs && ms > *moveClock.limitMs + setup.toleranceMs) {
      forfeit(side, Failure::TimedOut,
              "took " + std::to_string(ms) + " ms, the limit was " +
                  std::to_string(*moveClock.limitMs) + " ms");
      return finish();
    }
    if (!game.board().contains(reply.move)) {
      forfeit(side, Failure::Illegal, "a point off the board");
      return finish();
    }
    if (auto why = game.whyIllegal(reply.move)) {
      forfeit(side, Failure::Illegal, pointToText(reply.move) + ": " + *why);
      return finish();
    }
    game.play(reply.move);
    clock.spend(ms);
    out.moves.push_back(reply.move);
    out.moveMs.push_back(ms);
  }
}

}  // namespace gomoku
