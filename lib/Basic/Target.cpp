//===- Target.cpp - PTX targets -------------------------------------------===//

#include "tcgen05/Basic/Target.h"

#include <string>

using namespace tcgen05;

namespace {
const TargetInfo Targets[] = {
#define TARGET(Name, SM, Variant, MinPTX, Family, FamilySM)                    \
  {Name, SM, TargetVariant::Variant, MinPTX, Family, FamilySM},
#include "tcgen05/Basic/Targets.def"
};
} // namespace

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

std::string tcgen05::formatPTXVersion(unsigned V) {
  return std::to_string(V / 10) + "." + std::to_string(V % 10);
}
