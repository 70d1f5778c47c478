#include "core/game/puzzle.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/search/engine.h"
#include "core/search/movegen.h"
#include "core/game/game.h"
#include "core/game/record.h"
#include "core/board/rules.h"
#include "core/protocol/text.h"

namespace gomoku {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = char(text[0] - 'a' + 'A');
  return text;
}

}  // namespace

Board Puzzle::position() const {
  Board b(size, rule);
  for (Point p : moves) b.place(p);
  return b;
}

std::string Puzzle::id() const {
  return std::string(ruleName(rule)) + ":" + toPositionCode(moves);
}

std::string puzzleToLine(const Puzzle& p) {
  std::string answers;
  for (Point a : p.answers) {
    if (!answers.empty()) answers += ',';
    answers += pointToText(a);
  }
  return std::string(ruleName(p.rule)) + " " + std::to_string(p.size) + " " +
         toPositionCode(p.moves) + " " + answers + " " + std::to_string(p.winIn) + " " +
         (p.vcf ? "vcf" : "vct") + " " + p.source;
}

std::optional<Puzzle> puzzleFromLine(const std::string& line, std::string* error) {
  auto fail = [&](const std::string& what) -> std::optional<Puzzle> {
    if (error) *error = what;
    return std::nullopt;
  };
  std::vector<std::string> f = split(line, ' ');
  if (f.size() != 7) return fail("expected 7 fields: rule size code answers winIn kind source");
  Puzzle p;
  auto rule = parseRule(f[0]);
  if (!rule) return fail("unknown rule '" + f[0] + "'");
  p.rule = *rule;
  auto size = parseIntegerIn(f[1], kMinSize, kMaxSize);
  if (!size) return fail("bad board size '" + f[1] + "'");
  p.size = int(*size);
  auto moves = parsePositionCode(f[2], p.size);
  if (!moves) return fail(moves.error);
  p.moves = *moves.value;
  // A position of the rule that is still to be played (a hand-edited collection line could
  // hold a finished game, or a move black may not play), and answers the side to move may play.
  Game game;
  game.newGame(p.size, p.rule);
  for (size_t i = 0; i < p.moves.size(); ++i)
    if (auto why = game.play(p.moves[i]))
      return fail("move " + std::to_string(i + 1) + " (" + pointToText(p.moves[i]) + "): " + *why);
  if (game.isOver()) return fail("the game in the position is already over");
  for (const std::string& a : split(f[3], ',')) {
    auto point = parsePointText(a, p.size);
    if (!point) return fail("bad answer '" + a + "'");
    if (auto why = game.whyIllegal(*point)) return fail("answer " + a + ": " + *why);
    p.answers.push_back(*point);
  }
  std::sort(p.answers.begin(), p.answers.end());
  auto winIn = parseIntegerIn(f[4], 1, 100);
  if (!winIn || p.answers.empty()) return fail("bad answers or length");
  p.winIn = int(*winIn);
  if (f[5] != "vcf" && f[5] != "vct") return fail("kind must be vcf or vct");
  p.vcf = f[5] == "vcf";
  p.source = f[6];
  return p;
}

std::vector<Puzzle> readPuzzles(const std::string& text, std::string* error) {
  std::vector<Puzzle> puzzles;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string body(trim(line));
    if (body.empty() || body[0] == '#') continue;
    std::string why;
    if (auto p = puzzleFromLine(body, &why))
      puzzles.push_back(std::move(*p));
    else if (error && error->empty())
      *error = "line " + std::to_string(number) + ": " + why;
  }
  return puzzles;
}

std::optional<Puzzle> puzzleFromMissedWin(const ReviewResult& review, const ReviewedMove& move) {
  if (!move.missedWin || move.ply < 1 || move.ply > int(review.moves.size())) return std::nullopt;
  Puzzle p;
  p.size = review.size;
  p.rule = review.rule;
  p.moves.assign(review.moves.begin(), review.moves.begin() + (move.ply - 1));
  p.source = "game";
  auto win = analyseWin(p.position());
  if (!win) return std::nullopt;
  p.answers = win->winning;
  p.winIn = win->winIn;
  p.vcf = win->vcf;
  return p;
}

PuzzleGenerator::PuzzleGenerator(const PuzzleGeneratorOptions& options)
    : options_(options), rng_(options.seed), engine_(std::make_unique<Engine>()) {
  engine_->setHashMb(8);
}

PuzzleGenerator::~PuzzleGenerator() = default;

std::optional<Puzzle> PuzzleGenerator::next(int maxPlayouts) {
  for (int playout = 0; playout < maxPlayouts; ++playout) {
    Board b(options_.size, options_.rule);
    int c = options_.size / 2;
    b.place(makePoint(c, c));
    int randomStones = 2 + int(rng_() % 3);
    for (int i = 0; i < randomStones; ++i) {
      for (int tries = 0; tries < 50; ++tries) {
        int x = c + int(rng_() % 7) - 3, y = c + int(rng_() % 7) - 3;
        Point p = makePoint(x, y);
        if (b.isEmpty(p) && isLegal(b, p, b.sideToMove())) {
          b.place(p);
          break;
        }
      }
    }
    Limits limits;
    limits.maxNodes = options_.engineNodes;
    limits.noise = 60;
    limits.multiPv = 4;
    while (b.stoneCount() < options_.size * options_.size - 1 && !b.lastMoveWon() &&
           b.stoneCount() < 80) {
      if (auto win = analyseWin(b, options_.budget)) {
        // Decided: walk down the winner's main line for a position of the wanted length.
        std::vector<Point> line = win->line;
        for (size_t k = 0; win; k += 2) {
          bool fits = options_.winIn ? std::min(win->winIn, 5) == options_.winIn
                                     : win->winIn >= options_.minWinIn;
          std::vector<Point> answers;
          if (fits && win->winIn >= 2) {
            auto all = analyseWin(b, options_.answerBudget);
            answers = all ? all->winning : win->winning;
          }
          if (!answers.empty() && (!options_.uniqueOnly || answers.size() == 1)) {
            Puzzle p;
            p.size = options_.size;
            p.rule = options_.rule;
            p.moves = b.moves();
            p.answers = answers;
            p.winIn = win->winIn;
            p.vcf = win->vcf;
            return p;
          }
          if (k + 2 >= line.size()) break;
          b.place(line[k]);
          b.place(line[k + 1]);
          win = analyseWin(b, options_.budget);
        }
        break;
      }
      limits.seed = rng_();
      engine_->clear();
      Point move = engine_->searchNow(b, limits).bestMove;
      if (move == kNullPoint) break;
      b.place(move);
    }
  }
  return std::nullopt;
}

void PuzzleProgress::record(const Puzzle& p, bool solvedClean) {
  ++attempted;
  double expected = 1.0 / (1.0 + std::pow(10.0, (puzzleRating(p) - rating) / 400.0));
  rating += 32.0 * ((solvedClean ? 1.0 : 0.0) - expected);
  if (solvedClean) {
    ++solved;
    ++streak;
    bestStreak = std::max(bestStreak, streak);
    solvedIds.insert(p.id());
  } else {
    streak = 0;
  }
}

std::string PuzzleProgress::save() const {
  std::ostringstream out;
  out << "attempted " << attempted << "\nsolved " << solved << "\nstreak " << streak
      << "\nbest_streak " << bestStreak << "\nrating " << std::lround(rating) << "\n";
  for (const std::string& id : solvedIds) out << "solved_id " << id << "\n";
  return out.str();
}

PuzzleProgress PuzzleProgress::load(const std::string& text) {
  PuzzleProgress p;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t space = line.find(' ');
    if (space == std::string::npos) continue;
    std::string key = line.substr(0, space), value(trim(line.substr(space + 1)));
    auto number = parseIntegerIn(value, 0, 100000000);
    if (key == "solved_id" && !value.empty()) p.solvedIds.insert(value);
    if (!number) continue;
    if (key == "attempted") p.attempted = int(*number);
    if (key == "solved") p.solved = int(*number);
    if (key == "streak") p.streak = int(*number);
    if (key == "best_streak") p.bestStreak = int(*number);
    if (key == "rating") p.rating = double(*number);
  }
  return p;
}

PuzzleTrainer::PuzzleTrainer(Puzzle puzzle, uint64_t defenceNodes)
    : puzzle_(std::move(puzzle)),
      board_(puzzle_.position()),
      defenceNodes_(defenceNodes),
      engine_(std::make_unique<Engine>()) {
  engine_->setHashMb(8);
}

PuzzleTrainer::~PuzzleTrainer() = default;

PuzzleTrainer::Reply PuzzleTrainer::play(Point move) {
  Reply reply;
  Color us = board_.sideToMove(), them = opponent(us);
  if (solved_) {
    reply.message = "the puzzle is solved";
    return reply;
  }
  if (!board_.isEmpty(move) || !isLegal(board_, move, us)) {
    reply.message = board_.isEmpty(move) ? pointToText(move) + " is forbidden for black"
                                         : "that point is not free";
    return reply;
  }
  Point refutation = kNullPoint;
  if (!moveWins(board_, move, budget_, &refutation)) {
    ++mistakes_;
    reply.verdict = Verdict::Wrong;
    std::string at = pointToText(move);
    Point five[1];
    if (fivePoints(board_, them, five, 1) && move != five[0]) {
      reply.message = capitalized(colorName(them)) + " has a four: " + at +
                      " lets it make five at " + pointToText(five[0]);
    } else if (refutation != kNullPoint) {
      // A quiet move is answered, not blocked: it threatened a win by fours that the reply stops.
      const bool quiet = board_.threat(move, us) < Threat::Flex3;
      reply.message = capitalized(colorName(them)) + (quiet ? " answers " : " blocks with ") +
                      pointToText(refutation) + " and you have no winning threats left";
    } else {
      reply.message = at + " makes no four or open three and threatens no win by fours: " +
                      std::string(colorName(them)) + " is free to break up your attack";
    }
    return reply;
  }
  board_.place(move);
  if (board_.lastMoveWon()) {
    solved_ = true;
    reply.verdict = Verdict::Solved;
    reply.message = "Five! Solved";
    return reply;
  }
  Limits limits;
  limits.maxNodes = defenceNodes_;
  engine_->clear();
  SearchInfo info = engine_->searchNow(board_, limits);
  reply.verdict = Verdict::Continue;
  reply.defence = info.bestMove;
  if (reply.defence != kNullPoint) board_.place(reply.defence);
  reply.message =
      capitalized(colorName(them)) + " answers " + pointToText(reply.defence) + "; keep going";
  return reply;
}

PuzzleTrainer::Hint PuzzleTrainer::giveHint(int level) const {
  if (hintKey_ != board_.key()) {
    hintWin_ = findWin(board_, budget_);
    hintKey_ = board_.key();
  }
  const std::optional<WinAnalysis>& win = hintWin_;
  if (!win || win->winning.empty()) return {"no win found from here"};
  // The solver's main line starts with its strongest threat: hint at that one.
  bool onLine = std::binary_search(win->winning.begin(), win->winning.end(), win->line[0]);
  Point first = onLine ? win->line[0] : win->winning[0];
  if (level <= 1) {
    int minX = pointX(first), maxX = minX, minY = pointY(first), maxY = minY;
    for (size_t i = 0; i < win->line.size(); i += 2) {
      minX = std::min(minX, pointX(win->line[i])), maxX = std::max(maxX, pointX(win->line[i]));
      minY = std::min(minY, pointY(win->line[i])), maxY = std::max(maxY, pointY(win->line[i]));
    }
    // At least four lines each way, so that the area never is the move itself ("look between
    // h12 and h12" for a five to make gave the answer away), nor has it at its centre: grown
    // one line at a time, first up or first down by the move's column.
    const int last = board_.size() - 1;
    const int lean = pointX(first) % 2;
    auto widen = [last, lean](int& low, int& high) {
      for (int step = 0; high - low < 3 && step < 8; ++step) {
        const bool up = (step + lean) % 2 == 0;
        if (up ? high < last : low == 0)
          ++high;
        else
          --low;
        if (high > last) high = last;
      }
      low = std::max(low, 0);
    };
    widen(minX, maxX);
    widen(minY, maxY);
    const Point low = makePoint(minX, minY), high = makePoint(maxX, maxY);
    return {"look between " + pointToText(low) + " and " + pointToText(high), low, high};
  }
  if (level == 2) {
    Threat t = board_.threat(first, board_.sideToMove());
    std::string kind = t == Threat::Five     ? "make five"
                       : t >= Threat::Block4 ? "start with a four"
                       : t >= Threat::Flex3  ? "start with an open three"
                                             : "start with a quiet move that threatens a win by fours";
    return {kind + (win->vcf ? "; fours alone win" : "; you will need threes as well as fours")};
  }
  return {"play " + pointToText(first)};
}

}  // namespace gomoku
