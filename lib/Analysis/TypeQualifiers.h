//===- TypeQualifiers.h - The type words of an instruction ------*- C++ -*-===//
//
// Private to lib/Analysis: the analyses that evaluate values (known bits,
// warp roles) read an instruction's type qualifiers the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_ANALYSIS_TYPEQUALIFIERS_H
#define TCGEN05_LIB_ANALYSIS_TYPEQUALIFIERS_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/SmallVector.h"

namespace tcgen05 {

/// A type qualifier: '.u32' is {'u', 32}; every floating-point or
/// narrow-float type is 'f'.
struct TypeQual {
  char Kind;
  unsigned Width;
  bool integer() const { return Kind == 'b' || Kind == 'u' || Kind == 's'; }
};

/// I's type qualifiers, in order (the destination's first); Other is set
/// for a word no evaluation models (saturation, carries, prmt modes).
llvm::SmallVector<TypeQual, 2>
typeQualifiers(const Function &F, const Instruction &I, bool &Other);

/// Whether I has the qualifier spelled Word.
bool hasQualifier(const Function &F, const Instruction &I,
                  llvm::StringRef Word);

} // namespace tcgen05

#endif
