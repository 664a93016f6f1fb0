//===- Tcgen05Spelling.h - What other layers read of the rules ---*- C++
//-*-===//
//
// The rule tables stay private to Sema.  The printer needs the manual's
// qualifier order and retargeting needs to know which scale-vector
// spelling a target accepts; both are answered here from the tables.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_TCGEN05SPELLING_H
#define TCGEN05_SEMA_TCGEN05SPELLING_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tcgen05 {

/// Where qualifiers of class C stand in the manual's syntax lines
/// (9.7.16.7 - 9.7.16.12); the canonical printer writes them in this order.
unsigned tcgen05QualifierRank(Tcgen05QualClass C);

/// A scale-vector size of a block-scaled tcgen05.mma that Target does not
/// accept at Version, and its other spelling (a .blockN for a
/// .scale_vec::NX or back), which it does.
struct ScaleVecRespelling {
  llvm::StringRef From; ///< As written, or the kind's default when omitted.
  llvm::StringRef To;
  llvm::StringRef Section; ///< Where the manual pairs the two.
};

/// The respelling T (a tcgen05.mma of F) needs on Target at Version, or
/// nullopt when its spelling is legal there, it is not block-scaled, or
/// neither spelling is legal (the checker reports that).
std::optional<ScaleVecRespelling> scaleVecRespelling(const Function &F,
                                                     const Tcgen05Inst &T,
                                                     const TargetInfo &Target,
                                                     unsigned Version);

} // namespace tcgen05

#endif
