//===- Immediates.h - Integer operands, shared by the rule checkers -*- C++
//-*-===//
//
// The tcgen05 checker and the checker of the other instructions read
// immediates the same way: a literal, or a literal negated.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_SEMA_IMMEDIATES_H
#define TCGEN05_LIB_SEMA_IMMEDIATES_H

#include "tcgen05/AST/AST.h"

#include <cstdint>

namespace tcgen05 {

/// An integer literal, or one negated ("-1").
inline bool isImmediate(const NodePool &P, const Operand &O) {
  if (O.Kind == OperandKind::Integer)
    return true;
  return O.Kind == OperandKind::Unary && O.Op == '-' &&
         P.Operands[O.children().First].Kind == OperandKind::Integer;
}

/// Whether the integer with sign Neg and magnitude Mag lies in [Min, Max],
/// in unsigned arithmetic: the literal may be any 64-bit pattern, and
/// -9223372036854775808 must not overflow.
inline bool inRange(bool Neg, uint64_t Mag, int64_t Min, int64_t Max) {
  // The magnitude of a negative bound, computed without negating it.
  auto Below0 = [](int64_t B) {
    return uint64_t(0) - static_cast<uint64_t>(B);
  };
  if (Neg)
    return Min < 0 && Mag <= Below0(Min) && (Max >= 0 || Mag >= Below0(Max));
  return Max >= 0 && Mag <= static_cast<uint64_t>(Max) &&
         (Min <= 0 || Mag >= static_cast<uint64_t>(Min));
}

} // namespace tcgen05

#endif
