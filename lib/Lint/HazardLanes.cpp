//===- HazardLanes.cpp - Tensor Memory lanes a warp may access ------------===//
//
// PTX ISA 9.7.16.8.1: warp w of a warpgroup accesses lanes 32 * (w % 4) to
// 32 * (w % 4) + 31 with tcgen05.ld and tcgen05.st.  When a branch on the
// warp index decides which warp gets to an access (the uniformity
// analysis's warp positions), and the access's lane (bits 31:16 of taddr)
// is known, the two must agree.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "tcgen05/Analysis/KnownBits.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

namespace {

/// The warp of its warpgroup that alone reaches each block, when a branch
/// on the warp index dominating it decides (UniformityInfo::warpOnEdgeInto).
class WarpByBlock {
public:
  explicit WarpByBlock(const HazardFunction &H) : H(H) {}

  /// The warp that alone reaches block B, and the branch that decides it.
  /// Each block's answer is its own edge's or its immediate dominator's,
  /// kept once found: walking the dominators from every access was
  /// quadratic in a deep chain of blocks.
  std::optional<std::pair<unsigned, uint32_t>> at(const CFGBlock &B) {
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
      if (auto Own = H.U.warpOnEdgeInto(*D)) {
        Found = Decided(Own->first, Own->second);
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

  const HazardFunction &H;
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

void tcgen05::checkLaneOutsideQuarter(const HazardContext &C) {
  if (llvm::none_of(C.F.Tcgen05, [](const Tcgen05Inst &T) {
        return T.Opcode == Tcgen05Opcode::Ld || T.Opcode == Tcgen05Opcode::St;
      }))
    return;
  WarpByBlock W(C.Fn);
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
    auto Q = W.at(C.G.blockOf(T.Instruction));
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
