#include "app/gui/models/puzzle_model.h"

#include <filesystem>
#include <utility>

#include "app/gui/models/move_text.h"

#include "app/gui/persistence/file_io.h"
#include "app/gui/persistence/puzzle_files.h"

namespace gomoku::gui {

namespace fs = std::filesystem;

namespace {

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = char(text[0] - 'a' + 'A');
  return text;
}

bool lengthMatches(const Puzzle& p, int winIn) {
  if (winIn <= 0) return true;
  if (winIn <= 2) return p.winIn <= 2;
  if (winIn >= 5) return p.winIn >= 5;
  return p.winIn == winIn;
}

}  // namespace

std::string puzzleLengthText(const Puzzle& p) {
  if (p.winIn <= 1) return "Five in one";
  if (p.winIn >= 5) return "Win in 5+";
  return "Win in " + std::to_string(p.winIn);
}

PuzzleModel::PuzzleModel(uint64_t defenceNodes) : defenceNodes_(defenceNodes) {}

PuzzleModel::~PuzzleModel() = default;

void PuzzleModel::open(const std::string& assetsDir, const std::string& prefDir) {
  if (opened_) return;
  opened_ = true;
  const std::string builtInPath =
      assetsDir.empty() ? "" : (fs::path(assetsDir) / "puzzles" / "builtin.txt").string();
  if (auto text = builtInPath.empty() ? std::nullopt : readFile(builtInPath)) {
    CollectionLoad loaded = parseCollectionFile(*text);
    builtIn_ = std::move(loaded.puzzles);
    for (Puzzle& p : builtIn_) p.source = "built-in";
    if (!loaded.problems.empty())
      messages_.push_back("Some built-in puzzles in " + builtInPath + " could not be read (" +
                          loaded.problems.front() + "); the others are here.");
  } else {
    messages_.push_back("The built-in puzzles were not found (assets/puzzles/builtin.txt).");
  }
  if (prefDir.empty()) return;
  writer_ = std::make_unique<BackgroundWriter>();
  progressPath_ = (fs::path(prefDir) / "puzzle_progress.txt").string();
  collectionPath_ = (fs::path(prefDir) / "puzzles.txt").string();

  // Each file: read what can be read; a damaged one is kept as .bak before it is written
  // again, or left alone (and not written this session) when no copy can be made.
  auto load = [this](std::string& path, const char* what, auto parse, auto apply) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return;
    auto text = readFile(path);
    if (!text) {
      messages_.push_back(std::string("Could not read ") + what + " " + path +
                          "; it is left as it is and not written this time.");
      path.clear();
      return;
    }
    auto loaded = parse(*text);
    apply(loaded);
    if (loaded.problems.empty()) return;
    const std::string backup = keepBackupCopy(path);
    messages_.push_back(puzzleFileProblemMessage(what, path, loaded.problems, backup));
    if (backup.empty()) path.clear();
  };
  bool progressDamaged = false, collectionDamaged = false;
  load(progressPath_, "your puzzle progress", parseProgressFile, [&](ProgressLoad& l) {
    progress_ = l.progress;
    progressDamaged = !l.problems.empty();
  });
  load(collectionPath_, "your puzzle collection", parseCollectionFile, [&](CollectionLoad& l) {
    collection_ = std::move(l.puzzles);
    collectionDamaged = !l.problems.empty();
  });
  if (progressDamaged) saveProgress();
  if (collectionDamaged) saveCollection();
}

std::vector<const Puzzle*> PuzzleModel::matching(const PuzzleFilter& filter) const {
  std::vector<const Puzzle*> out;
  auto add = [&](const std::vector<Puzzle>& set) {
    for (const Puzzle& p : set)
      if (lengthMatches(p, filter.winIn) && (filter.rule < 0 || int(p.rule) == filter.rule))
        out.push_back(&p);
  };
  if (filter.source != PuzzleSource::Own) add(builtIn_);
  if (filter.source != PuzzleSource::BuiltIn) add(collection_);
  return out;
}

std::vector<std::string> PuzzleModel::takeMessages() {
  return std::exchange(messages_, {});
}

void PuzzleModel::post(JobThread& thread, std::function<std::function<void()>()> job) {
  thread.post([this, job = std::move(job)] {
    std::function<void()> apply = job();
    std::lock_guard<std::mutex> lock(doneMutex_);
    done_.push_back(std::move(apply));
  });
}

void PuzzleModel::begin(const Puzzle& puzzle) {
  if (current_ && !recorded_ && !solved_ && (mistakes_ > 0 || moveShown_)) finishAttempt(false);
  current_ = puzzle;
  trainer_.reset();
  ++attempt_;
  board_ = puzzle.position();
  attacker_ = puzzle.attacker();
  played_.clear();
  pendingMove_ = lastWrong_ = kNullPoint;
  solved_ = recorded_ = false;
  mistakes_ = hintLevel_ = 0;
  moveShown_ = false;
  hints_.clear();
  hintAreaLow_ = hintAreaHigh_ = kNullPoint;
  message_ = std::string(sideName(attacker_)) + " to play and win.";
  // The trainer (and its engine) is made on the trainer's thread, like everything it does.
  ++pendingJobs_;
  const uint64_t attempt = attempt_, nodes = defenceNodes_;
  post(trainerThread_, [this, puzzle, attempt, nodes]() -> std::function<void()> {
    auto trainer = std::make_shared<PuzzleTrainer>(puzzle, nodes);
    return [this, trainer, attempt] {
      --pendingJobs_;
      if (attempt == attempt_) trainer_ = trainer;
    };
  });
}

void PuzzleModel::restart() {
  if (current_) begin(Puzzle(*current_));
}

void PuzzleModel::close() {
  if (current_ && !recorded_ && !solved_ && (mistakes_ > 0 || moveShown_)) finishAttempt(false);
  current_.reset();
  trainer_.reset();
  ++attempt_;
  pendingMove_ = kNullPoint;
  hints_.clear();
  hintAreaLow_ = hintAreaHigh_ = kNullPoint;
  message_.clear();
}

bool PuzzleModel::play(Point p) {
  if (!active() || busy() || solved_ || !trainer_ || !board_.isEmpty(p)) return false;
  pendingMove_ = p;
  lastWrong_ = kNullPoint;
  ++pendingJobs_;
  const uint64_t attempt = attempt_;
  std::shared_ptr<PuzzleTrainer> trainer = trainer_;
  post(trainerThread_, [this, trainer, p, attempt]() -> std::function<void()> {
    PuzzleTrainer::Reply reply = trainer->play(p);
    Board after = trainer->board();
    return [this, reply, after, p, attempt] {
      --pendingJobs_;
      if (attempt != attempt_) return;
      pendingMove_ = kNullPoint;
      switch (reply.verdict) {
        case PuzzleTrainer::Verdict::Illegal:
          message_ = "Not there: " + reply.message + ".";
          break;
        case PuzzleTrainer::Verdict::Wrong:
          ++mistakes_;
          lastWrong_ = p;
          message_ = pointToText(p) + " does not win. " + capitalized(reply.message) +
                     ". Try another move.";
          break;
        case PuzzleTrainer::Verdict::Continue:
          played_.push_back(p);
          if (reply.defence != kNullPoint) played_.push_back(reply.defence);
          board_ = after;
          message_ = capitalized(reply.message) + ".";
          // A new position: the hints were about the last one (their area, the move shown), and
          // this one may need its own. A move shown still keeps the puzzle from counting.
          hints_.clear();
          hintLevel_ = 0;
          hintAreaLow_ = hintAreaHigh_ = kNullPoint;
          break;
        case PuzzleTrainer::Verdict::Solved:
          played_.push_back(p);
          board_ = after;
          solved_ = true;
          // Only a clean solve counts (the progress line's "Solved N"): the message says why
          // this one does not, so the two never seem to disagree.
          if (mistakes_ == 0 && !moveShown_) {
            message_ = "Five! Solved at the first try.";
          } else {
            std::string why = mistakes_ > 0 ? std::to_string(mistakes_) + " wrong " +
                                                  (mistakes_ == 1 ? "try" : "tries")
                                            : "";
            if (moveShown_) why += std::string(why.empty() ? "" : " and ") + "the move shown";
            message_ = "Five! The puzzle is done, not counted as solved (" + why + ").";
          }
          finishAttempt(mistakes_ == 0 && !moveShown_);
          break;
      }
    };
  });
  return true;
}

void PuzzleModel::requestHint() {
  if (!canHint() || !trainer_) return;
  ++pendingJobs_;
  const uint64_t attempt = attempt_;
  const int level = hintLevel_ + 1;
  std::shared_ptr<PuzzleTrainer> trainer = trainer_;
  post(trainerThread_, [this, trainer, level, attempt]() -> std::function<void()> {
    const PuzzleTrainer::Hint hint = trainer->giveHint(level);
    std::string text = capitalized(hint.text) + ".";
    return [this, text, hint, level, attempt] {
      --pendingJobs_;
      if (attempt != attempt_) return;
      hintLevel_ = level;
      moveShown_ = moveShown_ || level >= 3;
      hints_.push_back(text);
      if (hint.areaLow != kNullPoint) {
        hintAreaLow_ = hint.areaLow;
        hintAreaHigh_ = hint.areaHigh;
      }
    };
  });
}

void PuzzleModel::addMissedWins(const ReviewResult& review,
                                const std::vector<ReviewedMove>& moves) {
  if (moves.empty()) return;
  auto shared = std::make_shared<const ReviewResult>(review);
  for (const ReviewedMove& move : moves) {
    ++collecting_;
    post(solverThread_, [this, shared, move]() -> std::function<void()> {
      std::optional<Puzzle> puzzle = puzzleFromMissedWin(*shared, move);
      return [this, puzzle, move] {
        --collecting_;
        if (!puzzle) return;
        const std::string id = puzzle->id();
        for (const auto* set : {&builtIn_, &collection_})
          for (const Puzzle& p : *set)
            if (p.id() == id) return;
        collection_.push_back(*puzzle);
        saveCollection();
        messages_.push_back("Your missed win at move " + std::to_string(move.ply) + " (" +
                            pointToText(move.best) + ") is now a puzzle in your collection.");
      };
    });
  }
}

void PuzzleModel::update() {
  std::vector<std::function<void()>> done;
  {
    std::lock_guard<std::mutex> lock(doneMutex_);
    done.swap(done_);
  }
  for (auto& apply : done) apply();
}

void PuzzleModel::waitIdle() {
  trainerThread_.waitIdle();
  solverThread_.waitIdle();
  update();
  if (writer_) writer_->flush();
}

void PuzzleModel::finishAttempt(bool solvedClean) {
  if (recorded_ || !current_) return;
  recorded_ = true;
  progress_.record(*current_, solvedClean);
  saveProgress();
}

void PuzzleModel::saveProgress() {
  if (writer_ && !progressPath_.empty())
    writer_->write(progressPath_, formatProgressFile(progress_));
}

void PuzzleModel::saveCollection() {
  if (writer_ && !collectionPath_.empty())
    writer_->write(collectionPath_, formatCollectionFile(collection_));
}

}  // namespace gomoku::gui
