//===- Opcodes.cpp - The PTX instruction names ----------------------------===//

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
constexpr OpcodeInfo Opcodes[] = {
#define OPCODE(Name, Group) {#Name, Group},
#include "tcgen05/Basic/Opcodes.def"
};
} // namespace

namespace {
/// FNV-1a; two names with one hash would be duplicate case labels below, so
/// the switch is a perfect hash checked by the compiler.
constexpr uint32_t hashName(const char *S, size_t N) {
  uint32_t H = 2166136261u;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ static_cast<unsigned char>(S[I])) * 16777619u;
  return H;
}
} // namespace

llvm::StringRef tcgen05::opcodeGroup(llvm::StringRef Name) {
  // Every instruction of a module comes through here.
  llvm::StringRef Group;
  switch (hashName(Name.data(), Name.size())) {
#define OPCODE(N, G)                                                           \
  case hashName(#N, sizeof(#N) - 1):                                           \
    Group = G;                                                                 \
    return Name == #N ? Group : llvm::StringRef();
#include "tcgen05/Basic/Opcodes.def"
  default:
    return llvm::StringRef();
  }
}

bool tcgen05::isKnownOpcode(llvm::StringRef Name) {
  return !opcodeGroup(Name).empty();
}

llvm::StringRef tcgen05::suggestOpcode(llvm::StringRef Name) {
  size_t I = closestCandidate(
      Name, std::size(Opcodes),
      [](size_t K) { return llvm::StringRef(Opcodes[K].Name); },
      /*PreferTypos=*/true);
  return I == NoCandidate ? llvm::StringRef()
                          : llvm::StringRef(Opcodes[I].Name);
}
