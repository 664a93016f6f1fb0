//===- TerminalText.cpp - Text made safe to show on a terminal ------------===//

#include "tcgen05/Frontend/TerminalText.h"

#include "llvm/Support/ConvertUTF.h"

using namespace tcgen05;

namespace {

/// The length of the character at P that may be shown as it is, or 0 when
/// its first byte is to be escaped.
unsigned showable(const unsigned char *P, const unsigned char *End) {
  unsigned char C = *P;
  if (C < 0x80)
    return (C >= 0x20 && C != 0x7f) || C == '\t' ? 1 : 0;
  unsigned N = llvm::getNumBytesForUTF8(C);
  if (N < 2 || static_cast<unsigned>(End - P) < N ||
      !llvm::isLegalUTF8Sequence(P, P + N))
    return 0;
  // C1 controls: U+0080 to U+009F, 0xC2 0x80 to 0xC2 0x9F.
  if (C == 0xC2 && P[1] < 0xA0)
    return 0;
  return N;
}

} // namespace

bool tcgen05::needsTerminalEscape(llvm::StringRef Text) {
  auto *P = reinterpret_cast<const unsigned char *>(Text.data());
  auto *End = P + Text.size();
  while (P < End) {
    unsigned N = showable(P, End);
    if (!N)
      return true;
    P += N;
  }
  return false;
}

std::string tcgen05::escapeForTerminal(llvm::StringRef Text,
                                       llvm::SmallVectorImpl<unsigned> *Map) {
  std::string Out;
  Out.reserve(Text.size());
  if (Map)
    Map->assign(Text.size() + 1, 0);
  auto *Begin = reinterpret_cast<const unsigned char *>(Text.data());
  auto *P = Begin, *End = Begin + Text.size();
  static constexpr char Hex[] = "0123456789abcdef";
  while (P < End) {
    unsigned N = showable(P, End);
    if (Map)
      for (unsigned K = 0; K < std::max(N, 1u); ++K)
        (*Map)[P - Begin + K] = static_cast<unsigned>(Out.size());
    if (N) {
      Out.append(reinterpret_cast<const char *>(P), N);
      P += N;
      continue;
    }
    Out += "\\x";
    Out += Hex[*P >> 4];
    Out += Hex[*P & 15];
    ++P;
  }
  if (Map)
    Map->back() = static_cast<unsigned>(Out.size());
  return Out;
}
