//===- Opcodes.cpp - The PTX instructions and their properties ------------===//

#include "tcgen05/Basic/Opcodes.h"
#include "tcgen05/Basic/Suggest.h"

#include <cstddef>
#include <cstdint>

using namespace tcgen05;

namespace {
struct OpcodeInfo {
  const char *Name;
  const char *Group;
};
/// Indexed by Opcode; Unknown's row is empty.
constexpr OpcodeInfo Opcodes[] = {
    {"", ""},
#define OPCODE(Enum, Name, Group, Properties) {#Name, Group},
#include "tcgen05/Basic/Opcodes.def"
};

/// FNV-1a; two names with one hash would be duplicate case labels below, so
/// the switch is a perfect hash checked by the compiler.
constexpr uint32_t hashName(const char *S, size_t N) {
  uint32_t H = 2166136261u;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ static_cast<unsigned char>(S[I])) * 16777619u;
  return H;
}
} // namespace

Opcode tcgen05::lookupOpcode(llvm::StringRef Name) {
  // Every instruction of a module comes through here, once, in the parser.
  switch (hashName(Name.data(), Name.size())) {
#define OPCODE(Enum, N, Group, Properties)                                     \
  case hashName(#N, sizeof(#N) - 1):                                           \
    return Name == #N ? Opcode::Enum : Opcode::Unknown;
#include "tcgen05/Basic/Opcodes.def"
  default:
    return Opcode::Unknown;
  }
}

llvm::StringRef tcgen05::opcodeName(Opcode Op) {
  return Opcodes[static_cast<size_t>(Op)].Name;
}

llvm::StringRef tcgen05::opcodeGroup(Opcode Op) {
  return Opcodes[static_cast<size_t>(Op)].Group;
}

llvm::StringRef tcgen05::suggestOpcode(llvm::StringRef Name) {
  // Row 0 is Unknown's, never a suggestion.
  size_t I = closestCandidate(
      Name, std::size(Opcodes) - 1,
      [](size_t K) { return llvm::StringRef(Opcodes[K + 1].Name); },
      /*PreferTypos=*/true);
  return I == NoCandidate ? llvm::StringRef()
                          : llvm::StringRef(Opcodes[I + 1].Name);
}
