//===- Target.cpp - PTX targets -------------------------------------------===//

#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/STLExtras.h"

#include <string>

using namespace tcgen05;

namespace {
const TargetInfo Targets[] = {
#define TARGET(Name, SM, Variant, MinPTX, Family, FamilySM)                    \
  {Name, SM, TargetVariant::Variant, MinPTX, Family, FamilySM},
#include "tcgen05/Basic/Targets.def"
};
} // namespace

llvm::ArrayRef<TargetInfo> tcgen05::knownTargets() { return Targets; }

std::optional<TargetInfo> tcgen05::lookupTarget(llvm::StringRef Name) {
  // compute_100a names the same architecture as sm_100a.
  std::string Spelled = Name.str();
  if (Name.consume_front("compute_"))
    Spelled = "sm_" + Name.str();
  for (const TargetInfo &T : Targets)
    if (T.Name == Spelled)
      return T;
  return std::nullopt;
}

llvm::ArrayRef<unsigned> tcgen05::knownPTXVersions() {
  static constexpr unsigned Versions[] = {
#define PTX_VERSION(Major, Minor) Major * 10 + Minor,
#include "tcgen05/Basic/PtxVersions.def"
  };
  return Versions;
}

bool tcgen05::isKnownPTXVersion(unsigned V) {
  return llvm::is_contained(knownPTXVersions(), V);
}

std::optional<unsigned> tcgen05::parsePTXVersion(llvm::StringRef Text) {
  auto [Maj, Min] = Text.split('.');
  unsigned Major = 0, Minor = 0;
  if (Maj.getAsInteger(10, Major) || Min.getAsInteger(10, Minor) || Minor > 9 ||
      Major > 9 || !isKnownPTXVersion(Major * 10 + Minor))
    return std::nullopt;
  return Major * 10 + Minor;
}

std::string tcgen05::formatPTXVersion(unsigned V) {
  return std::to_string(V / 10) + "." + std::to_string(V % 10);
}

std::string tcgen05::knownTargetList() {
  std::string Out;
  for (const TargetInfo &T : Targets)
    if (T.SM >= 100)
      Out += T.Name.str() + ", ";
  return Out + "the older sm_NN[a|f] names from " + Targets[0].Name.str() +
         ", and compute_NN[a|f] for each";
}

std::string tcgen05::knownPTXVersionList() {
  std::string Out;
  for (unsigned V : llvm::reverse(knownPTXVersions()))
    Out += (Out.empty() ? "" : ", ") + formatPTXVersion(V);
  return Out;
}
