//===- TextFeed.cpp - Text that arrives while it is parsed ----------------===//

#include "tcgen05/Parse/TextFeed.h"

#include <algorithm>

using namespace tcgen05;

PiecesFeed::PiecesFeed(llvm::StringRef Text, size_t PieceBytes)
    : Text(Text), PieceBytes(std::max<size_t>(PieceBytes, 1)) {
  more();
  Asked = 0;
}

bool PiecesFeed::more() {
  ++Asked;
  if (Available == Text.size())
    return false;
  while (Read < Text.size()) {
    Read = std::min(Text.size(), Read + PieceBytes);
    if (Read == Text.size())
      break;
    size_t Break = Text.substr(Available, Read - Available).rfind('\n');
    if (Break != llvm::StringRef::npos) {
      Available += Break + 1;
      return true;
    }
  }
  Available = Text.size();
  return true;
}
