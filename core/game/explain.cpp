#include "core/game/explain.h"

#include <vector>

namespace gomoku {

namespace {

const char* makes(Threat t) {
  switch (t) {
    case Threat::Five: return "makes five and wins";
    case Threat::OpenFour: return "makes an open four (two ways to five)";
    case Threat::Block4Flex3: return "makes a four-three";
    case Threat::Block4Plus:
    case Threat::Block4: return "makes a four";
    case Threat::Flex3x2: return "makes a double three";
    case Threat::Flex3Plus:
    case Threat::Flex3: return "makes an open three";
    case Threat::Block3Plus:
    case Threat::Block3: return "makes a closed three";
    case Threat::Flex2x2: return "makes two open twos";
    case Threat::Flex2: return "makes an open two";
    default: return nullptr;
  }
}

const char* blocks(Threat t) {
  switch (t) {
    case Threat::Five: return "four";
    case Threat::OpenFour: return "open three";
    case Threat::Block4Flex3: return "four-three point";
    case Threat::Flex3x2: return "double-three point";
    case Threat::Block4Plus:
    case Threat::Block4: return "three (a four point)";
    default: return nullptr;
  }
}

std::string joinMoves(const std::vector<Point>& line, size_t from, size_t step) {
  std::string text;
  for (size_t i = from; i < line.size(); i += step) {
    if (!text.empty()) text += ", ";
    text += pointToText(line[i]);
  }
  return text;
}

}  // namespace

std::string explainMove(const Board& before, Point move, const SearchInfo* info) {
  if (!before.isEmpty(move)) return "no move";
  Color us = before.sideToMove(), them = opponent(us);
  Threat own = before.threat(move, us), theirs = before.threat(move, them);
  std::string at = pointToText(move);
  std::vector<std::string> parts;

  if (own == Threat::Five) return std::string(colorName(us)) + " " + at + " makes five and wins";
  if (const char* b = blocks(theirs); b && (theirs >= Threat::Block4 || theirs == Threat::Flex3x2))
    parts.push_back(std::string("blocks ") + colorName(them) + "'s " + b + " at " + at);
  if (const char* m = makes(own)) parts.push_back(m);

  std::string sentence = std::string(colorName(us)) + " " + at;
  if (parts.empty()) {
    sentence += " develops quietly";
  } else {
    sentence += " " + parts[0];
    for (size_t i = 1; i < parts.size(); ++i) sentence += " and " + parts[i];
  }

  if (info && !info->pv.empty() && info->pv.front() == move) {
    if (!info->solver.empty() && info->score > kScoreMateBound) {
      sentence += "; wins by continuous " +
                  std::string(info->solver == "VCF" ? "fours" : "threats") + ": " +
                  joinMoves(info->pv, 0, 2);
    } else if (info->score > kScoreMateBound) {
      sentence += "; forced win in " + std::to_string((mateDistance(info->score) + 1) / 2);
    } else if (info->score < -kScoreMateBound) {
      sentence += "; every move loses, this one lasts longest";
    }
  }
  return sentence;
}

}  // namespace gomoku
