//===- Target.cpp - PTX target names --------------------------------------===//

#include "tcgen05/Basic/Target.h"

using namespace tcgen05;

bool tcgen05::isKnownTargetName(llvm::StringRef Name) {
  if (!Name.consume_front("sm_") && !Name.consume_front("compute_"))
    return false;
  if (Name.ends_with("a") || Name.ends_with("f"))
    Name = Name.drop_back();
  unsigned N;
  return !Name.empty() && !Name.getAsInteger(10, N) && N >= 10;
}
