//===- TypeQualifiers.cpp - The type words of an instruction --------------===//

#include "TypeQualifiers.h"

using namespace tcgen05;

llvm::SmallVector<TypeQual, 2>
tcgen05::typeQualifiers(const Function &F, const Instruction &I, bool &Other) {
  llvm::SmallVector<TypeQual, 2> Types;
  for (const Span &Q : F.qualifiers(I.Qualifiers)) {
    llvm::StringRef T = Q.text().drop_front();
    unsigned W;
    if (T.size() >= 2 && llvm::StringRef("bus").contains(T[0]) &&
        !T.drop_front().getAsInteger(10, W) &&
        (W == 8 || W == 16 || W == 32 || W == 64))
      Types.push_back({T[0], W});
    else if (T.starts_with("f") || T.starts_with("bf") || T.starts_with("tf") ||
             T.starts_with("e") || T.starts_with("ue"))
      Types.push_back({'f', 0});
    else if (T == "sat" || T == "cc" || T == "f4e" || T == "b4e" ||
             T == "rc8" || T == "ecl" || T == "ecr" || T == "rc16")
      Other = true; // Saturation, carries, prmt modes: not modelled.
  }
  return Types;
}

bool tcgen05::hasQualifier(const Function &F, const Instruction &I,
                           llvm::StringRef Word) {
  for (const Span &Q : F.qualifiers(I.Qualifiers))
    if (Q.text() == Word)
      return true;
  return false;
}
