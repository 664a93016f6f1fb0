//===- WarpRolesValues.cpp - The thread-index values roles branch on ------===//
//
// The values and predicates the role analysis evaluates, unit by unit: a
// thread of the CTA, or a CTA of the pair.  A register written once has
// the value of its write; one written in several places (the role a
// kernel computes once, by branches on the warp index, and tests later)
// has, for each unit, the values of the writes that may reach the read on
// the paths that unit's warp may take (WarpRoles::writersAt).
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Analysis/WarpRoles.h"

#include "TypeQualifiers.h"

#include "tcgen05/Analysis/BranchConditions.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cstdint>

using namespace tcgen05;

namespace {

/// How long a chain of reads the evaluation follows: nvcc's signed
/// division of the warp index by 4 alone is eight deep.
constexpr unsigned MaxDepth = 24;

bool isPred(const Function &F, const Instruction &I) {
  return hasQualifier(F, I, ".pred");
}

bool isShflIdx(const Function &F, const Instruction &I) {
  return I.op() == Opcode::Shfl && hasQualifier(F, I, ".idx");
}

bool isSigned(llvm::ArrayRef<TypeQual> Types) {
  return llvm::any_of(Types, [](TypeQual T) { return T.Kind == 's'; });
}

/// An arithmetic opcode valuesWritten evaluates.
bool isArithmetic(Opcode Op) {
  switch (Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Shl:
  case Opcode::Shr:
  case Opcode::Div:
  case Opcode::Rem:
    return true;
  default:
    return false;
  }
}

std::optional<uint32_t> apply(Opcode Op, uint32_t X, uint32_t C) {
  switch (Op) {
  case Opcode::Add:
    return X + C;
  case Opcode::Sub:
    return X - C;
  case Opcode::Mul:
    return X * C;
  case Opcode::And:
    return X & C;
  case Opcode::Or:
    return X | C;
  case Opcode::Xor:
    return X ^ C;
  case Opcode::Shl:
    return C < 32 ? X << C : 0;
  case Opcode::Shr:
    return C < 32 ? X >> C : 0;
  case Opcode::Div:
    return C ? std::optional<uint32_t>(X / C) : std::nullopt;
  case Opcode::Rem:
    return C ? std::optional<uint32_t>(X % C) : std::nullopt;
  default:
    return std::nullopt;
  }
}

/// apply() for a signed type: an arithmetic shift right, and division
/// rounding toward zero.
std::optional<uint32_t> applySigned(Opcode Op, uint32_t X, uint32_t C) {
  auto SX = static_cast<int32_t>(X), SC = static_cast<int32_t>(C);
  switch (Op) {
  case Opcode::Shr:
    return static_cast<uint32_t>(SX >> std::min<uint32_t>(C, 31));
  case Opcode::Div:
  case Opcode::Rem:
    if (!SC || (SX == INT32_MIN && SC == -1))
      return std::nullopt;
    return static_cast<uint32_t>(Op == Opcode::Div ? SX / SC : SX % SC);
  default:
    return apply(Op, X, C);
  }
}

/// Calls Each(R, W, S) for each pair (rank R, warp W below NumWarps) and
/// each slot S of writersAt's answer that may reach it.
template <typename Fn>
void forEachReachingWrite(llvm::ArrayRef<uint64_t> Reaching, unsigned NumWarps,
                          Fn &&Each) {
  for (unsigned R = 0; R < 2; ++R)
    for (unsigned W = 0; W < NumWarps; ++W)
      for (unsigned S = 0; S < Reaching.size(); ++S)
        if ((Reaching[S] >> (R * 32 + W)) & 1)
          Each(R, W, S);
}

/// Whether the values I computes are the 32-bit words this analysis keeps.
/// Arithmetic must be 32 bits wide: a wider or narrower type would wrap
/// elsewhere.  What cannot carry past its inputs' bits (a copy, selp, and,
/// or, xor, an unsigned shift right) may be narrower (nvcc -G's 16-bit
/// flags) or 64 bits wide on values that fit 32 (CUTLASS's FMHA kernels
/// look their roles up in a 64-bit constant shifted by the warp index).
bool fitsWords(const Function &F, const Instruction &I) {
  bool Other = false;
  llvm::SmallVector<TypeQual, 2> Types = typeQualifiers(F, I, Other);
  // Floating point, saturation and the high or wide half of a product are
  // not words.
  if (Other || hasQualifier(F, I, ".hi") || hasQualifier(F, I, ".wide") ||
      llvm::any_of(Types, [](TypeQual T) { return !T.integer(); }))
    return false;
  Opcode Op = I.op();
  bool Bitwise = Op == Opcode::Mov || Op == Opcode::Cvt || Op == Opcode::Selp ||
                 Op == Opcode::And || Op == Opcode::Or || Op == Opcode::Xor ||
                 (Op == Opcode::Shr && !isSigned(Types));
  unsigned Narrowest = 64;
  for (TypeQual T : Types) {
    Narrowest = std::min(Narrowest, T.Width);
    if (T.Width != 32 && !(Bitwise && T.Width <= 64))
      return false;
    // A conversion to a narrower unsigned type truncates (evaluate masks
    // it); one that extends or narrows a sign is not followed.
    if (Op == Opcode::Cvt && T.Width < 32 && T.Kind == 's')
      return false;
  }
  // An immediate must fit the narrowest type, as an unsigned number, and
  // a 32-bit word.
  uint64_t Max = Narrowest >= 32 ? 0xffffffffu : (uint64_t(1) << Narrowest) - 1;
  return llvm::all_of(F.operands(I.Operands), [&](const Operand &O) {
    std::optional<uint64_t> Imm = immediateBits(F, O);
    return !Imm || *Imm <= Max || Narrowest == 32;
  });
}

bool isThreadSource(llvm::StringRef Name) {
  return Name == "%tid.x" || Name == "%laneid" || Name == "%cluster_ctarank";
}

} // namespace

bool WarpRoles::follows(uint32_t Reg, unsigned Depth) const {
  if (Reg == RegisterNumbering::None || Reg >= Follows.size())
    return false;
  uint8_t &State = Follows[Reg];
  if (State >= 2)
    return State == 2;
  // Being asked already: a cycle, as a loop counter's.
  if (State == 1 || Depth > 2 * MaxDepth)
    return false;
  State = 1;
  const RegisterNumbering &Regs = U.registers();
  auto Source = [&](const Operand &O) {
    if (O.Kind != OperandKind::Register)
      return immediateBits(F, O).has_value();
    if (isThreadSource(O.text()) || U.warpPosition(O) != WarpPosition::None)
      return true;
    return follows(Regs.of(O), Depth + 1);
  };
  bool Ok = !Regs.writers(Reg).empty();
  for (uint32_t W : Regs.writers(Reg)) {
    const Instruction &Def = F.Instructions[W];
    llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
    Opcode Op = Def.op();
    bool Form = Ops.size() >= 2 &&
                (Op == Opcode::Mov || Op == Opcode::Cvt || Op == Opcode::Not ||
                 Op == Opcode::Setp || Op == Opcode::Selp ||
                 isShflIdx(F, Def) || isArithmetic(Op));
    if (!Form) {
      Ok = false;
      break;
    }
    // The written operand is first; shfl's lane, clamp and mask are
    // immediates the evaluation reads itself.
    size_t Reads = isShflIdx(F, Def) ? 2 : Ops.size();
    for (size_t K = 1; K < Reads && Ok; ++K)
      Ok = Source(Ops[K]);
    if (Ok && Def.guarded())
      Ok = follows(Regs.guardOf(W), Depth + 1);
    if (!Ok)
      break;
  }
  // Reg may have been marked unfollowed inside a cycle through it.
  Follows[Reg] = Ok ? 2 : 3;
  return Ok;
}

std::optional<llvm::SmallVector<uint32_t, 4>>
WarpRoles::valuesAt(const Operand &O, uint32_t At) const {
  constexpr size_t Many = 32;
  ValuesPtr V = valuesOf(O, At, /*Rank=*/false, 0);
  if (!V)
    return std::nullopt;
  WarpSet May = atInstruction(At);
  llvm::SmallVector<uint32_t, 4> Out;
  for (uint32_t Warps = May.Warps[0] | May.Warps[1]; Warps;
       Warps &= Warps - 1) {
    unsigned W = llvm::countr_zero(Warps);
    for (unsigned T = W * 32; T < W * 32 + 32; T += V->Stride) {
      std::optional<uint32_t> X = (*V)[T];
      if (!X)
        return std::nullopt;
      if (!llvm::is_contained(Out, *X))
        Out.push_back(*X);
      if (Out.size() > Many)
        return std::nullopt;
    }
  }
  return Out;
}

WarpRoles::ValuesPtr WarpRoles::valuesOf(const Operand &O, uint32_t At,
                                         bool Rank, unsigned Depth) const {
  // Units: the threads of the CTA (thread T in warp T / 32), or the two
  // CTAs of a pair.
  unsigned Units = Rank ? 2 : NumWarps * 32;
  unsigned PerWarp = Rank ? 1 : 32;
  if (std::optional<uint64_t> Imm = immediateBits(F, O))
    return std::make_shared<const UnitValues>(Units, PerWarp,
                                              static_cast<uint32_t>(*Imm));
  WarpPosition P = Rank ? WarpPosition::None : U.warpPosition(O);
  if (Rank ? O.text() == "%cluster_ctarank"
           : O.text() == "%tid.x" || O.text() == "%laneid" ||
                 P == WarpPosition::Index || P == WarpPosition::Quarter) {
    unsigned Source = Rank                         ? 0
                      : O.text() == "%tid.x"       ? 1
                      : O.text() == "%laneid"      ? 2
                      : P == WarpPosition::Quarter ? 3
                                                   : 4;
    ValuesPtr &Known = Sources[Source];
    if (Known)
      return Known;
    UnitValues Out(Units, Source == 1 || Source == 2 ? 1 : PerWarp);
    for (unsigned K = 0; K < Units; K += Out.Stride)
      Out.V[K / Out.Stride] = Source <= 1   ? K
                              : Source == 2 ? K % 32
                              : Source == 3 ? K / 32 % 4
                                            : K / 32;
    Known = std::make_shared<const UnitValues>(std::move(Out));
    return Known;
  }
  const RegisterNumbering &Regs = U.registers();
  if (O.Kind != OperandKind::Register || Depth > MaxDepth)
    return nullptr;
  uint32_t Id = Regs.of(O);
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Id);
  if (Writers.empty())
    return nullptr;
  if (Writers.size() == 1 && !F.Instructions[Writers.front()].guarded())
    return valuesWritten(Writers.front(), Rank, Depth + 1);
  std::optional<std::vector<uint64_t>> Reaching = writersAt(Id, At);
  if (!Reaching)
    return nullptr;
  // Reads with the same writes reaching for each pair have the same
  // values: a role tested at many branches is evaluated once.
  ReadKey Key{Id, Rank, *Reaching};
  if (auto It = ReadValues.find(Key); It != ReadValues.end())
    return It->second;
  ValuesPtr &Memo = ReadValues[Key];
  // The writes each unit's pairs may read, as a mask of slots: the same
  // for the 32 threads of a warp, found once for them.
  auto SlotsOf = [&](unsigned K) {
    uint64_t Pairs = 0;
    if (Rank)
      Pairs = uint64_t(all().Warps[0]) << (32 * K);
    else
      Pairs = (uint64_t(1) << (K / 32)) | (uint64_t(1) << (32 + K / 32));
    uint64_t Mask = 0;
    for (unsigned S = 0; S < Reaching->size() && S < 64; ++S)
      if ((*Reaching)[S] & Pairs)
        Mask |= uint64_t(1) << S;
    // More writers than a mask holds: unknown, as for no write.
    if (Reaching->size() > 64)
      Mask |= 1;
    return Mask;
  };
  // The writes some unit reads, evaluated first: the values are the
  // warp's when every one of them is.
  std::vector<ValuesPtr> Values(Writers.size());
  unsigned Stride = PerWarp;
  for (unsigned K = 0; K < Units; K += PerWarp)
    for (uint64_t M = SlotsOf(K) & ~uint64_t(1); M; M &= M - 1) {
      unsigned S = llvm::countr_zero(M);
      if (!Values[S - 1])
        Values[S - 1] = valuesWritten(Writers[S - 1], Rank, Depth + 1);
      if (Values[S - 1] && Values[S - 1]->Stride < Stride)
        Stride = Values[S - 1]->Stride;
    }
  UnitValues Out(Units, Stride);
  bool Any = false;
  uint64_t Mask = 0;
  for (unsigned K = 0; K < Units; K += Stride) {
    if (K % PerWarp == 0)
      Mask = SlotsOf(K);
    // Slot 0: a path with no write.
    if (!Mask || (Mask & 1))
      continue;
    std::optional<uint32_t> Value;
    bool Known = true;
    for (uint64_t M = Mask; M && Known; M &= M - 1) {
      unsigned S = llvm::countr_zero(M);
      std::optional<uint32_t> V =
          Values[S - 1] ? (*Values[S - 1])[K] : std::nullopt;
      Known = V && (!Value || *V == *Value);
      Value = V;
    }
    if (Known) {
      Out.V[K / Stride] = Value;
      Any = true;
    }
  }
  Memo = Any ? std::make_shared<const UnitValues>(std::move(Out)) : nullptr;
  return Memo;
}

WarpRoles::ValuesPtr WarpRoles::valuesWritten(uint32_t DefIndex, bool Rank,
                                              unsigned Depth) const {
  // Each write is evaluated once a pass: two-operand arithmetic reads a
  // value along two chains that meet again.
  uint64_t Key = uint64_t(DefIndex) * 2 + Rank;
  if (auto It = Written.find(Key); It != Written.end())
    return It->second.first;
  bool Before = UsedReaching;
  UsedReaching = false;
  ValuesPtr Out = evaluate(DefIndex, Rank, Depth);
  // Kept for later passes unless it read a register of several writes,
  // whose reaching writes a pass may narrow.
  Written[Key] = {Out, UsedReaching};
  UsedReaching |= Before;
  return Out;
}

WarpRoles::ValuesPtr WarpRoles::evaluate(uint32_t DefIndex, bool Rank,
                                         unsigned Depth) const {
  const Instruction &Def = F.Instructions[DefIndex];
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  if (Ops.size() < 2 || Depth > MaxDepth || !fitsWords(F, Def))
    return nullptr;
  unsigned Units = Rank ? 2 : NumWarps * 32;
  Opcode Op = Def.op();
  if (Op == Opcode::Mov && Ops.size() == 2)
    return valuesOf(Ops[1], DefIndex, Rank, Depth + 1);
  if (Op == Opcode::Cvt && Ops.size() == 2) {
    ValuesPtr In = valuesOf(Ops[1], DefIndex, Rank, Depth + 1);
    // cvt.u16.u32 keeps the low bits (the destination's type is first).
    bool Other = false;
    llvm::SmallVector<TypeQual, 2> Types = typeQualifiers(F, Def, Other);
    unsigned Bits = Types.empty() ? 32 : Types.front().Width;
    if (!In || Bits >= 32)
      return In;
    UnitValues Out = *In;
    for (std::optional<uint32_t> &V : Out.V)
      if (V)
        *V &= (1u << Bits) - 1;
    return std::make_shared<const UnitValues>(std::move(Out));
  }
  // shfl.sync.idx d, a, lane, c, mask with an immediate lane: each thread
  // gets a's value of that lane of its warp (CUTLASS's broadcast of the
  // warp or warpgroup index from lane 0).
  if (isShflIdx(F, Def) && !Rank && Ops.size() == 5) {
    std::optional<uint64_t> Lane = immediateBits(F, Ops[2]);
    ValuesPtr In = valuesOf(Ops[1], DefIndex, Rank, Depth + 1);
    if (!Lane || *Lane > 31 || !In)
      return nullptr;
    UnitValues Out(Units, 32);
    for (unsigned K = 0; K < Units; K += 32)
      Out.V[K / 32] = (*In)[K + *Lane];
    return std::make_shared<const UnitValues>(std::move(Out));
  }
  // selp d, a, b, p: a where p holds for the unit's warp, b where it
  // fails; either, when both may, only if they agree.
  if (Op == Opcode::Selp && Ops.size() == 4) {
    Split P = splitOf(U.registers().of(Ops[3]), DefIndex, Depth + 1);
    ValuesPtr A = valuesOf(Ops[1], DefIndex, Rank, Depth + 1);
    ValuesPtr B = valuesOf(Ops[2], DefIndex, Rank, Depth + 1);
    unsigned Stride = std::min(A ? A->Stride : 32u, B ? B->Stride : 32u);
    if (Rank)
      Stride = 1;
    // Whether p may hold, and may fail, for each unit's pairs.
    auto May = [&](WarpSet S, unsigned K) {
      if (Rank)
        return S.Warps[K] != 0;
      return ((S.Warps[0] | S.Warps[1]) >> (K / 32) & 1) != 0;
    };
    UnitValues Out(Units, Stride);
    bool Any = false;
    for (unsigned K = 0; K < Units; K += Stride) {
      bool True = May(P.True, K), False = May(P.False, K);
      std::optional<uint32_t> VA = A ? (*A)[K] : std::nullopt;
      std::optional<uint32_t> VB = B ? (*B)[K] : std::nullopt;
      std::optional<uint32_t> &O = Out.V[K / Stride];
      if (True && False)
        O = VA && VB && *VA == *VB ? VA : std::nullopt;
      else
        O = True ? VA : False ? VB : std::nullopt;
      Any |= O.has_value();
    }
    return Any ? std::make_shared<const UnitValues>(std::move(Out)) : nullptr;
  }
  if (Ops.size() != 3 || !isArithmetic(Op))
    return nullptr;
  // Two operands, each an immediate or a function of the unit (nvcc's
  // signed division by 4 adds the sign's bits to the index).
  ValuesPtr A = valuesOf(Ops[1], DefIndex, Rank, Depth + 1);
  ValuesPtr B = A ? valuesOf(Ops[2], DefIndex, Rank, Depth + 1) : nullptr;
  if (!A || !B)
    return nullptr;
  bool Other = false;
  bool Signed = isSigned(typeQualifiers(F, Def, Other));
  UnitValues Out(Units, std::min(A->Stride, B->Stride));
  for (unsigned K = 0; K < Units; K += Out.Stride)
    if ((*A)[K] && (*B)[K])
      Out.V[K / Out.Stride] = Signed ? applySigned(Op, *(*A)[K], *(*B)[K])
                                     : apply(Op, *(*A)[K], *(*B)[K]);
  return std::make_shared<const UnitValues>(std::move(Out));
}

WarpRoles::Split WarpRoles::splitOf(uint32_t Reg, uint32_t At,
                                    unsigned Depth) const {
  const RegisterNumbering &Regs = U.registers();
  Split Unknown{all(), all()};
  if (Reg == RegisterNumbering::None || Depth > MaxDepth)
    return Unknown;
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
  if (Writers.empty())
    return Unknown;
  if (Writers.size() == 1 && !F.Instructions[Writers.front()].guarded())
    return splitWritten(Writers.front(), Depth + 1);
  std::optional<std::vector<uint64_t>> Reaching = writersAt(Reg, At);
  if (!Reaching)
    return Unknown;
  ReadKey Key{Reg, false, *Reaching};
  if (auto It = ReadSplits.find(Key); It != ReadSplits.end())
    return It->second;
  std::vector<std::optional<Split>> Splits(Writers.size());
  Split Out;
  forEachReachingWrite(*Reaching, NumWarps,
                       [&](unsigned R, unsigned W, unsigned S) {
                         if (S == 0) {
                           Out.True.Warps[R] |= 1u << W;
                           Out.False.Warps[R] |= 1u << W;
                           return;
                         }
                         auto &Slot = Splits[S - 1];
                         if (!Slot)
                           Slot = splitWritten(Writers[S - 1], Depth + 1);
                         Out.True.Warps[R] |= Slot->True.Warps[R] & (1u << W);
                         Out.False.Warps[R] |= Slot->False.Warps[R] & (1u << W);
                       });
  ReadSplits[Key] = Out;
  return Out;
}

WarpRoles::Split WarpRoles::splitWritten(uint32_t DefIndex,
                                         unsigned Depth) const {
  const RegisterNumbering &Regs = U.registers();
  Split Unknown{all(), all()};
  const Instruction &Def = F.Instructions[DefIndex];
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  if (Depth > MaxDepth)
    return Unknown;
  auto Plain = [&](const Operand &O) {
    return O.Kind == OperandKind::Register;
  };
  switch (Def.op()) {
  case Opcode::Setp: {
    // setp.cmp.type p, a, b of a register and an immediate: the values of
    // the register for which p is true, and those for which it is false.
    if (Ops.size() != 3 || !Plain(Ops[0]))
      return Unknown;
    std::optional<ValueRange> T = compareRange(F, Def, Regs, true, false);
    std::optional<ValueRange> Fl = compareRange(F, Def, Regs, false, false);
    if (!T || !Fl)
      return Unknown;
    const Operand &V = Regs.of(Ops[1]) == T->Reg ? Ops[1] : Ops[2];
    // Adds to Out what the values say of pair (R, W): a function of the
    // thread's index (a warp may hold threads for which p is true and
    // threads for which it is false), or of the CTA's rank in its pair;
    // both, for a unit whose value is not known.
    auto Judge = [&](Split &Out, const UnitValues &Values, bool Rank,
                     unsigned R, unsigned W) {
      for (unsigned L = 0; L < (Rank ? 1 : 32); L += Values.Stride) {
        std::optional<uint32_t> Value = Values[Rank ? R : 32 * W + L];
        if (!Value || T->contains(*Value))
          Out.True.Warps[R] |= 1u << W;
        if (!Value || Fl->contains(*Value))
          Out.False.Warps[R] |= 1u << W;
      }
    };
    // A register of several writes is compared write by write, for the
    // writes each pair may read: a role that is 4 or 5 in warp 14 (a
    // guarded write beside another) is not 3 there, which one value per
    // unit could not say.
    uint32_t VReg = Regs.of(V);
    llvm::ArrayRef<uint32_t> Writers = Regs.writers(VReg);
    if (V.Kind == OperandKind::Register &&
        (Writers.size() > 1 ||
         (Writers.size() == 1 && F.Instructions[Writers[0]].guarded()))) {
      std::optional<std::vector<uint64_t>> Reaching = writersAt(VReg, DefIndex);
      if (!Reaching)
        return Unknown;
      Split Out;
      forEachReachingWrite(
          *Reaching, NumWarps, [&](unsigned R, unsigned W, unsigned S) {
            ValuesPtr Values;
            bool Rank = false;
            if (S > 0)
              for (bool K : {false, true})
                if (!Values &&
                    (Values = valuesWritten(Writers[S - 1], K, Depth + 1)))
                  Rank = K;
            if (!Values) {
              Out.True.Warps[R] |= 1u << W;
              Out.False.Warps[R] |= 1u << W;
              return;
            }
            Judge(Out, *Values, Rank, R, W);
          });
      return Out;
    }
    for (bool Rank : {false, true})
      if (ValuesPtr Values = valuesOf(V, DefIndex, Rank, Depth + 1)) {
        Split Out;
        for (unsigned R = 0; R < 2; ++R)
          for (unsigned W = 0; W < NumWarps; ++W)
            Judge(Out, *Values, Rank, R, W);
        return Out;
      }
    return Unknown;
  }
  case Opcode::And:
  case Opcode::Or: {
    if (!isPred(F, Def) || Ops.size() != 3 || !Plain(Ops[1]) || !Plain(Ops[2]))
      return Unknown;
    Split A = splitOf(Regs.of(Ops[1]), DefIndex, Depth + 1);
    Split B = splitOf(Regs.of(Ops[2]), DefIndex, Depth + 1);
    auto Both = [](WarpSet X, WarpSet Y) {
      return WarpSet{{X.Warps[0] & Y.Warps[0], X.Warps[1] & Y.Warps[1]}};
    };
    auto Either = [](WarpSet X, WarpSet Y) {
      return WarpSet{{X.Warps[0] | Y.Warps[0], X.Warps[1] | Y.Warps[1]}};
    };
    if (Def.op() == Opcode::And)
      return {Both(A.True, B.True), Either(A.False, B.False)};
    return {Either(A.True, B.True), Both(A.False, B.False)};
  }
  case Opcode::Not:
  case Opcode::Mov: {
    if (!isPred(F, Def) || Ops.size() != 2)
      return Unknown;
    // A flag a role's branch sets (mov.pred %p, -1 or 0).
    if (std::optional<uint64_t> Imm = immediateBits(F, Ops[1])) {
      bool Value = (*Imm != 0) != (Def.op() == Opcode::Not);
      return Value ? Split{all(), {}} : Split{{}, all()};
    }
    if (!Plain(Ops[1]))
      return Unknown;
    Split A = splitOf(Regs.of(Ops[1]), DefIndex, Depth + 1);
    return Def.op() == Opcode::Not ? Split{A.False, A.True} : A;
  }
  default:
    return Unknown;
  }
}
