//===- WarpPosition.cpp - Values that tell which warp a thread is in ------===//
//
// The warp-index side of the uniformity analysis: which registers hold the
// warp's index or its place in its warpgroup, and which edges only one warp
// of a warpgroup takes.  A lint that knows which warp reaches a block can
// judge what the manual ties to the warp (PTX ISA 9.7.16.8.1: warp w of a
// warpgroup accesses lanes 32 * (w % 4) to 32 * (w % 4) + 31).
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Analysis/Uniformity.h"

using namespace tcgen05;

uint32_t UniformityInfo::onlyWriter(uint32_t R) const {
  if (R == RegisterNumbering::None)
    return ~0u;
  llvm::ArrayRef<uint32_t> W = Regs.writers(R);
  return W.size() == 1 ? W.front() : ~0u;
}

WarpPosition UniformityInfo::warpPosition(const Operand &O) const {
  return warpPosition(O, 0);
}

WarpPosition UniformityInfo::warpPosition(const Operand &O,
                                          unsigned Depth) const {
  if (O.text() == "%tid.x")
    return WarpPosition::Tid;
  if ((O.Kind != OperandKind::Register && O.Kind != OperandKind::Symbol) ||
      Depth > 8)
    return WarpPosition::None;
  uint32_t I = onlyWriter(Regs.of(O));
  if (I == ~0u)
    return WarpPosition::None;
  const Instruction &Def = F.Instructions[I];
  if (Def.guarded())
    return WarpPosition::None;
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  Opcode Op = Def.op();
  if (Ops.size() < 2)
    return WarpPosition::None;
  auto Imm = [&](size_t K) -> std::optional<uint64_t> {
    if (K < Ops.size() && Ops[K].Kind == OperandKind::Integer)
      return Ops[K].value();
    return std::nullopt;
  };
  WarpPosition Src = warpPosition(Ops[1], Depth + 1);
  if ((Op == Opcode::Mov || Op == Opcode::Cvt) && Ops.size() == 2)
    return Src;
  if (Op == Opcode::Shfl && Src == WarpPosition::Index)
    return WarpPosition::Index;
  if (Src == WarpPosition::Tid && ((Op == Opcode::Shr && Imm(2) == 5u) ||
                                   (Op == Opcode::Div && Imm(2) == 32u)))
    return WarpPosition::Index;
  if (Src == WarpPosition::Index && ((Op == Opcode::And && Imm(2) == 3u) ||
                                     (Op == Opcode::Rem && Imm(2) == 4u)))
    return WarpPosition::Quarter;
  return WarpPosition::None;
}

std::optional<std::pair<unsigned, uint32_t>>
UniformityInfo::warpOnEdgeInto(const CFGBlock &D) const {
  if (D.preds().size() != 1)
    return std::nullopt;
  const CFGBlock *P = D.preds().front();
  if (P->empty() || P->succs().size() != 2)
    return std::nullopt;
  uint32_t Branch = P->EndInst - 1;
  const Instruction &Bra = F.Instructions[Branch];
  if (Bra.op() != Opcode::Bra || !Bra.guarded())
    return std::nullopt;
  // The predicate, set by setp.eq/ne of a warp index or quarter with a
  // constant.
  uint32_t Setp = onlyWriter(Regs.guardOf(Branch));
  if (Setp == ~0u)
    return std::nullopt;
  const Instruction &Def = F.Instructions[Setp];
  llvm::ArrayRef<Span> Quals = F.qualifiers(Def.Qualifiers);
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  if (Def.op() != Opcode::Setp || Quals.empty() || Ops.size() != 3 ||
      (Quals[0].text() != ".eq" && Quals[0].text() != ".ne"))
    return std::nullopt;
  // Which way the predicate holds on the edge into D.  setp.eq means equal
  // where the predicate is true; setp.ne where it is false.
  bool Taken = D.Number != P->Number + 1;
  bool PredTrue = Taken != Bra.pred().Negated;
  bool Eq = Quals[0].text() == ".eq";
  for (int K : {1, 2}) {
    const Operand &V = Ops[K], &C = Ops[3 - K];
    if (C.Kind != OperandKind::Integer)
      continue;
    WarpPosition W = warpPosition(V);
    if (W != WarpPosition::Index && W != WarpPosition::Quarter)
      continue;
    if (Eq != PredTrue)
      return std::nullopt;
    uint64_t Value = C.value();
    return std::make_pair(
        unsigned(W == WarpPosition::Quarter ? Value : Value % 4), Branch);
  }
  return std::nullopt;
}
