//===- HazardLanes.cpp - Tensor Memory lanes a warp may access ------------===//
//
// PTX ISA 9.7.16.8.1: warp w of a warpgroup accesses lanes 32 * (w % 4) to
// 32 * (w % 4) + 31 with tcgen05.ld and tcgen05.st.  When a branch on the
// warp index decides which warp gets to an access, and the access's lane
// (bits 31:16 of taddr) is known, the two must agree.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

namespace {

/// What a register holds with respect to the warp's place in the CTA, for
/// blocks of one dimension.
enum class WarpValue : uint8_t {
  None,
  Tid,     ///< %tid.x
  Index,   ///< %tid.x / 32, also broadcast through shfl.sync.idx
  Quarter, ///< the index modulo 4: the warp within its warpgroup
};

class WarpValues {
public:
  explicit WarpValues(const HazardFunction &H)
      : H(H), Regs(H.U.registers()), Writer(Regs.size(), Unwritten) {
    for (uint32_t I = 0; I < H.F.Instructions.size(); ++I) {
      const Instruction &Inst = H.F.Instructions[I];
      forEachInstructionWrittenOperand(H.F, Inst, Regs.writtenMask(I),
                                       [&](const Operand &R) {
                                         uint32_t &W = Writer[Regs.of(R)];
                                         W = W == Unwritten ? I : Several;
                                       });
    }
  }

  /// What the operand O holds, following single definitions.
  WarpValue of(const Operand &O, unsigned Depth = 0) const {
    if (O.text() == "%tid.x")
      return WarpValue::Tid;
    if ((O.Kind != OperandKind::Register && O.Kind != OperandKind::Symbol) ||
        Depth > 8)
      return WarpValue::None;
    uint32_t I = writerOf(Regs.of(O));
    if (I == Several)
      return WarpValue::None;
    const Instruction &Def = H.F.Instructions[I];
    if (Def.guarded())
      return WarpValue::None;
    llvm::ArrayRef<Operand> Ops = H.F.operands(Def.Operands);
    Opcode Op = Def.op();
    if (Ops.size() < 2)
      return WarpValue::None;
    auto Imm = [&](size_t K) -> std::optional<uint64_t> {
      if (K < Ops.size() && Ops[K].Kind == OperandKind::Integer)
        return Ops[K].value();
      return std::nullopt;
    };
    WarpValue Src = of(Ops[1], Depth + 1);
    if ((Op == Opcode::Mov || Op == Opcode::Cvt) && Ops.size() == 2)
      return Src;
    if (Op == Opcode::Shfl && Src == WarpValue::Index)
      return WarpValue::Index;
    if (Src == WarpValue::Tid && ((Op == Opcode::Shr && Imm(2) == 5u) ||
                                  (Op == Opcode::Div && Imm(2) == 32u)))
      return WarpValue::Index;
    if (Src == WarpValue::Index && ((Op == Opcode::And && Imm(2) == 3u) ||
                                    (Op == Opcode::Rem && Imm(2) == 4u)))
      return WarpValue::Quarter;
    return WarpValue::None;
  }

  /// The warp of its warpgroup that alone reaches block B, and the branch
  /// that decides it, when a branch on the warp index dominating B does.
  /// Each block's answer is its own edge's or its immediate dominator's,
  /// kept once found: walking the dominators from every access was
  /// quadratic in a deep chain of blocks.
  std::optional<std::pair<unsigned, uint32_t>> quarterAt(const CFGBlock &B) {
    if (!H.DT.isReachableFromEntry(&B))
      return std::nullopt;
    if (Known.empty())
      Known.assign(H.G.size(), Unknown);
    llvm::SmallVector<const CFGBlock *, 16> Chain;
    const CFGBlock *D = &B;
    Decided Found = None;
    for (; D; D = H.DT.idom(D)) {
      if (Known[D->Number] != Unknown) {
        Found = Known[D->Number];
        break;
      }
      Chain.push_back(D);
      if (std::optional<Decided> Own = decidedOn(*D)) {
        Found = *Own;
        break;
      }
    }
    for (const CFGBlock *C : Chain)
      Known[C->Number] = Found;
    if (Found == None)
      return std::nullopt;
    return std::make_pair(unsigned(Found.first), Found.second);
  }

private:
  /// A warp and its branch; None for no branch.
  using Decided = std::pair<uint32_t, uint32_t>;
  static constexpr Decided None{~0u, ~0u}, Unknown{~0u - 1, ~0u - 1};

  /// The warp that the edge into D, D's only one, decides.
  std::optional<Decided> decidedOn(const CFGBlock &D) const {
    if (D.preds().size() != 1)
      return std::nullopt;
    const CFGBlock *P = D.preds().front();
    if (P->empty() || P->succs().size() != 2)
      return std::nullopt;
    uint32_t Branch = P->EndInst - 1;
    const Instruction &Bra = H.F.Instructions[Branch];
    if (Bra.op() != Opcode::Bra || !Bra.guarded())
      return std::nullopt;
    // Which way the predicate holds on the edge into D.
    bool Taken = D.Number != P->Number + 1;
    bool PredTrue = Taken != Bra.pred().Negated;
    // setp.eq means equal where the predicate is true; setp.ne where
    // it is false.
    if (std::optional<WarpCompare> Cmp = compare(Regs.guardOf(Branch)))
      if (Cmp->Eq == PredTrue)
        return Decided(uint32_t(Cmp->IsQuarter ? Cmp->Value : Cmp->Value % 4),
                       Branch);
    return std::nullopt;
  }

private:
  /// A predicate set by setp.eq/ne of a warp index or quarter with Value.
  struct WarpCompare {
    uint64_t Value;
    bool IsQuarter, Eq;
  };

  std::optional<WarpCompare> compare(uint32_t Pred) const {
    uint32_t I = writerOf(Pred);
    if (I == Several)
      return std::nullopt;
    const Instruction &Def = H.F.Instructions[I];
    llvm::ArrayRef<Span> Quals = H.F.qualifiers(Def.Qualifiers);
    llvm::ArrayRef<Operand> Ops = H.F.operands(Def.Operands);
    if (Def.op() != Opcode::Setp || Quals.empty() || Ops.size() != 3 ||
        (Quals[0].text() != ".eq" && Quals[0].text() != ".ne"))
      return std::nullopt;
    for (int K : {1, 2}) {
      const Operand &V = Ops[K], &C = Ops[3 - K];
      if (C.Kind != OperandKind::Integer)
        continue;
      WarpValue W = of(V);
      if (W != WarpValue::Index && W != WarpValue::Quarter)
        continue;
      return WarpCompare{C.value(), W == WarpValue::Quarter,
                         Quals[0].text() == ".eq"};
    }
    return std::nullopt;
  }

  /// The one instruction writing register number R, or Several (also for
  /// none, and for registers without a number).
  uint32_t writerOf(uint32_t R) const {
    if (R == RegisterNumbering::None || Writer[R] == Unwritten)
      return Several;
    return Writer[R];
  }

  static constexpr uint32_t Several = ~0u, Unwritten = ~0u - 1;
  const HazardFunction &H;
  const RegisterNumbering &Regs;
  std::vector<uint32_t> Writer;
  std::vector<Decided> Known;
};

/// The register of an address operand [%r], or nullptr.
const Operand *addressRegister(const Function &F, const Operand *A) {
  if (!A || A->Kind != OperandKind::Address || A->children().Count != 1)
    return nullptr;
  const Operand &R = F.Operands[A->children().First];
  return R.Kind == OperandKind::Register ? &R : nullptr;
}

} // namespace

void tcgen05::checkHZ11(const HazardContext &C) {
  if (llvm::none_of(C.F.Tcgen05, [](const Tcgen05Inst &T) {
        return T.Opcode == Tcgen05Opcode::Ld || T.Opcode == Tcgen05Opcode::St;
      }))
    return;
  WarpValues W(C.Fn);
  // The accesses a branch on the warp index decides, with their warp.
  std::vector<uint32_t> Sites;
  llvm::DenseMap<uint32_t, std::pair<unsigned, uint32_t>> Quarter;
  std::vector<llvm::StringRef> Roots;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (T.Opcode != Tcgen05Opcode::Ld && T.Opcode != Tcgen05Opcode::St)
      continue;
    const Operand *R =
        addressRegister(C.F, C.operand(T, Tcgen05OperandRole::TAddr));
    if (!R)
      continue;
    auto Q = W.quarterAt(C.G.blockOf(T.Instruction));
    if (!Q)
      continue;
    Quarter[T.Instruction] = *Q;
    Sites.push_back(T.Instruction);
    Roots.push_back(R->text());
  }
  if (Sites.empty())
    return;
  runKnownBits(
      C.F, Roots, Sites,
      [&](uint32_t I, const KnownBitsState &S) {
        const Tcgen05Inst &T = *C.tcgen05At(I);
        const Operand *R =
            addressRegister(C.F, C.operand(T, Tcgen05OperandRole::TAddr));
        RegisterFact Fact = S.operandFact(C.F, *R);
        if ((Fact.known() & 0xffff0000u) != 0xffff0000u)
          return;
        unsigned Lane = (Fact.one() >> 16) & 0xffff;
        auto [Warp, Branch] = Quarter.lookup(I);
        if (Lane / 32 == Warp)
          return;
        Diagnostic &D =
            C.report(I, {C.displayName(I), Lane, Warp,
                         DiagArg::range(32 * Warp, 32 * Warp + 31)});
        C.note(D, DiagID::note_hz_warp_known_here, Branch, {Warp});
        C.cite(D);
      },
      /*Budget=*/0, &C.Fn.Shared);
}
