//===- Target.h - PTX target names -------------------------------*- C++ -*-===//
#ifndef TCGEN05_BASIC_TARGET_H
#define TCGEN05_BASIC_TARGET_H

#include "llvm/ADT/StringRef.h"

namespace tcgen05 {

/// True for architecture names: sm_NN, sm_NNa, sm_NNf, compute_NN[a|f].
bool isKnownTargetName(llvm::StringRef Name);

} // namespace tcgen05

#endif
