//===- KnownBits.cpp - Forward known-bits dataflow ------------------------===//

#include "tcgen05/Analysis/KnownBits.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

using namespace tcgen05;

namespace tcgen05 {

class KnownBitsAnalysis {
public:
  KnownBitsAnalysis(const Function &F, llvm::ArrayRef<llvm::StringRef> Roots)
      : F(F) {
    computeRelevant(Roots);
  }
  void run(llvm::function_ref<void(uint32_t, const KnownBitsState &)> Visit);

private:
  struct Block {
    std::vector<uint32_t> Insts; ///< Into F.Instructions.
    llvm::SmallVector<unsigned, 2> Succs;
    bool Visited = false;
    KnownBitsState In;
  };
  void buildBlocks();
  void computeRelevant(llvm::ArrayRef<llvm::StringRef> Roots);
  void transfer(uint32_t InstIndex, KnownBitsState &S) const;
  static bool meetInto(KnownBitsState &Into, const KnownBitsState &From,
                       bool First);

  const Function &F;
  std::vector<Block> Blocks;
  /// Registers whose value can reach a root: the only ones tracked.
  llvm::DenseSet<llvm::StringRef> Relevant;
  /// Whether any relevant register is computed by an instruction this
  /// analysis understands; if none is, nothing can become known.
  bool AnyKnowable = false;
};

} // namespace tcgen05

RegisterFact KnownBitsState::lookup(llvm::StringRef Reg) const {
  auto It = Facts.find(Reg);
  return It == Facts.end() ? RegisterFact() : It->second;
}

RegisterFact KnownBitsState::operandFact(const NodePool &P,
                                         const Operand &O) const {
  switch (O.Kind) {
  case OperandKind::Integer:
    return {KnownBits::constant(O.Value), RegisterFact::NoDef};
  case OperandKind::Unary:
    if (O.Op == '-' && P.Operands[O.Children.First].Kind == OperandKind::Integer)
      return {KnownBits::constant(0 - P.Operands[O.Children.First].Value),
              RegisterFact::NoDef};
    return {};
  case OperandKind::Register:
  case OperandKind::Symbol:
    return lookup(O.text());
  default:
    return {};
  }
}

namespace {

/// The width of an instruction's type qualifier (.b32 -> 32); 64 if none.
unsigned opWidth(const Function &F, const Instruction &I) {
  unsigned W = 64;
  for (const Span &Q : F.qualifiers(I.Qualifiers)) {
    llvm::StringRef T = Q.text();
    if (T.size() >= 3 && (T[1] == 'b' || T[1] == 'u' || T[1] == 's')) {
      unsigned N;
      if (!T.drop_front(2).getAsInteger(10, N) && (N == 16 || N == 32 || N == 64))
        W = N;
    }
  }
  return W;
}

KnownBits truncate(KnownBits B, unsigned W) {
  if (W >= 64)
    return B;
  uint64_t High = ~0ull << W;
  return {(B.Zero & ~High) | High, B.One & ~High};
}

bool endsBlock(llvm::StringRef Op) {
  return Op == "bra" || Op == "ret" || Op == "exit" || Op == "brx" ||
         Op == "trap";
}

} // namespace

void KnownBitsAnalysis::computeRelevant(llvm::ArrayRef<llvm::StringRef> Roots) {
  Relevant.insert(Roots.begin(), Roots.end());
  // A backward closure over "the first operand is computed from the rest";
  // each round adds the sources of relevant destinations.
  auto Names = [&](const Operand &O, auto &Self,
                   llvm::SmallVectorImpl<llvm::StringRef> &Out) -> void {
    if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol)
      Out.push_back(O.text());
    else
      for (const Operand &C : F.operands(O.Children))
        Self(C, Self, Out);
  };
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Instruction &I : F.Instructions) {
      llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
      if (Ops.size() < 2)
        continue;
      llvm::SmallVector<llvm::StringRef, 4> Dsts;
      Names(Ops[0], Names, Dsts);
      if (llvm::none_of(Dsts, [&](llvm::StringRef D) {
            return Relevant.count(D);
          }))
        continue;
      llvm::SmallVector<llvm::StringRef, 8> Srcs;
      for (const Operand &O : Ops.drop_front())
        Names(O, Names, Srcs);
      for (llvm::StringRef S : Srcs)
        Grew |= Relevant.insert(S).second;
      llvm::StringRef Op = I.Opcode.text();
      AnyKnowable |= Op == "mov" || Op == "cvt" || Op == "and" || Op == "or" ||
                     Op == "xor" || Op == "shl" || Op == "shr" ||
                     Op == "add" || Op == "sub" || Op == "mul" || Op == "selp";
    }
  }
}

void KnownBitsAnalysis::buildBlocks() {
  llvm::StringMap<unsigned> LabelBlock;
  Blocks.emplace_back();
  bool Fresh = true; // The current block has no instruction yet.
  for (const Statement &S : F.Statements) {
    if (S.Kind == StmtKind::Label) {
      if (!Fresh)
        Blocks.emplace_back();
      LabelBlock[F.Labels[S.Index].text()] = Blocks.size() - 1;
      Fresh = true;
      continue;
    }
    if (S.Kind != StmtKind::Instruction)
      continue;
    Blocks.back().Insts.push_back(S.Index);
    Fresh = false;
    if (endsBlock(F.Instructions[S.Index].Opcode.text())) {
      Blocks.emplace_back();
      Fresh = true;
    }
  }
  for (unsigned B = 0; B < Blocks.size(); ++B) {
    Block &Blk = Blocks[B];
    bool FallsThrough = true;
    if (!Blk.Insts.empty()) {
      const Instruction &Last = F.Instructions[Blk.Insts.back()];
      llvm::StringRef Op = Last.Opcode.text();
      bool Guarded = Last.Pred.Reg.valid();
      if (Op == "bra") {
        for (const Operand &O : F.operands(Last.Operands))
          if (O.Kind == OperandKind::Symbol) {
            auto It = LabelBlock.find(O.text());
            if (It != LabelBlock.end())
              Blk.Succs.push_back(It->second);
          }
        FallsThrough = Guarded;
      } else if (Op == "brx") {
        // An indirect branch may reach any label.
        for (auto &L : LabelBlock)
          Blk.Succs.push_back(L.second);
        FallsThrough = Guarded;
      } else if (Op == "ret" || Op == "exit" || Op == "trap") {
        FallsThrough = Guarded;
      }
    }
    if (FallsThrough && B + 1 < Blocks.size())
      Blk.Succs.push_back(B + 1);
  }
}

bool KnownBitsAnalysis::meetInto(KnownBitsState &Into,
                                 const KnownBitsState &From, bool First) {
  if (First) {
    Into.Facts = From.Facts;
    return true;
  }
  bool Changed = false;
  llvm::SmallVector<llvm::StringRef, 8> Drop;
  for (auto &[Reg, Fact] : Into.Facts) {
    auto It = From.Facts.find(Reg);
    RegisterFact New;
    if (It != From.Facts.end()) {
      New.Bits = Fact.Bits.meet(It->second.Bits);
      New.DefInst = Fact.DefInst == It->second.DefInst ? Fact.DefInst
                                                       : RegisterFact::NoDef;
      // Misaligned on one path is worth reporting.
      New.Misaligned = Fact.Misaligned != RegisterFact::NoDef
                           ? Fact.Misaligned
                           : It->second.Misaligned;
    }
    if (New.Bits.known() == 0 && New.Misaligned == RegisterFact::NoDef) {
      Drop.push_back(Reg);
      Changed = true;
    } else if (!(New == Fact)) {
      Fact = New;
      Changed = true;
    }
  }
  for (llvm::StringRef R : Drop)
    Into.Facts.erase(R);
  return Changed;
}

void KnownBitsAnalysis::transfer(uint32_t Index, KnownBitsState &S) const {
  const Instruction &I = F.Instructions[Index];
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  if (Ops.empty())
    return;
  llvm::StringRef Op = I.Opcode.text();
  unsigned W = opWidth(F, I);
  auto Src = [&](unsigned K) -> KnownBits {
    return K < Ops.size() ? S.operandFact(F, Ops[K]).Bits : KnownBits();
  };
  // Misalignment travels with the value through the operations that build
  // a descriptor from its fields.
  uint32_t Misaligned = RegisterFact::NoDef;
  for (unsigned K = 1; K < Ops.size(); ++K) {
    uint32_t M = S.operandFact(F, Ops[K]).Misaligned;
    if (M != RegisterFact::NoDef)
      Misaligned = M;
  }
  auto Set = [&](const Operand &Dst, KnownBits B) {
    if (Dst.Kind != OperandKind::Register && Dst.Kind != OperandKind::Symbol)
      return;
    B = truncate(B, W);
    if (I.Pred.Reg.valid()) // Guarded: the old value may survive.
      B = B.meet(S.lookup(Dst.text()).Bits);
    if (B.known() == 0 && Misaligned == RegisterFact::NoDef)
      S.Facts.erase(Dst.text());
    else
      S.Facts[Dst.text()] = {B, Index, Misaligned};
  };
  // Every register named in the first operand is written by most
  // instructions; forgetting it is always safe.
  auto Clobber = [&](const Operand &Dst, auto &Self) -> void {
    if (Dst.Kind == OperandKind::Register || Dst.Kind == OperandKind::Symbol)
      S.Facts.erase(Dst.text());
    else if (Dst.Kind == OperandKind::Vector || Dst.Kind == OperandKind::Binary ||
             Dst.Kind == OperandKind::List)
      for (const Operand &C : F.operands(Dst.Children))
        Self(C, Self);
  };
  const Operand &Dst = Ops[0];
  // Registers that reach no root are not followed.
  if ((Dst.Kind == OperandKind::Register || Dst.Kind == OperandKind::Symbol) &&
      !Relevant.count(Dst.text()))
    return;
  bool Binary = Ops.size() == 3;
  if (Op == "mov" && Ops.size() == 2) {
    const Operand &From = Ops[1];
    if (From.Kind == OperandKind::Vector && From.Children.Count == 2 && W == 64) {
      // mov.b64 %rd, {lo, hi}
      KnownBits Lo = truncate(S.operandFact(F, F.Operands[From.Children.First]).Bits, 32);
      KnownBits Hi = truncate(S.operandFact(F, F.Operands[From.Children.First + 1]).Bits, 32);
      Set(Dst, {(Lo.Zero & 0xffffffffull) | (Hi.Zero << 32),
                (Lo.One & 0xffffffffull) | (Hi.One << 32)});
      return;
    }
    if (Dst.Kind == OperandKind::Vector) {
      Clobber(Dst, Clobber);
      return;
    }
    Set(Dst, Src(1));
    return;
  }
  if (Op == "cvt" && Ops.size() == 2) {
    // Unsigned widening keeps the value; anything else is left unknown
    // unless the source is a known constant that fits.
    KnownBits B = truncate(Src(1), 32);
    bool Unsigned = false;
    for (const Span &Q : F.qualifiers(I.Qualifiers))
      Unsigned |= Q.text() == ".u32" || Q.text() == ".u16";
    Set(Dst, Unsigned ? B : KnownBits());
    return;
  }
  if (Binary && (Op == "and" || Op == "or" || Op == "xor")) {
    KnownBits A = Src(1), B = Src(2);
    KnownBits R;
    if (Op == "and")
      R = {A.Zero | B.Zero, A.One & B.One};
    else if (Op == "or")
      R = {A.Zero & B.Zero, A.One | B.One};
    else
      R = {(A.Zero & B.Zero) | (A.One & B.One),
           (A.Zero & B.One) | (A.One & B.Zero)};
    Set(Dst, R);
    return;
  }
  if (Binary && (Op == "shl" || Op == "shr")) {
    KnownBits A = truncate(Src(1), W), Amount = Src(2);
    if (!Amount.isConstant()) {
      Set(Dst, KnownBits());
      return;
    }
    uint64_t N = Amount.One;
    if (N >= W) {
      Set(Dst, KnownBits::constant(0));
      return;
    }
    uint64_t Mask = W >= 64 ? ~0ull : (1ull << W) - 1;
    if (Op == "shl") {
      Set(Dst, {(A.Zero << N) | ((1ull << N) - 1), A.One << N});
      return;
    }
    bool Signed = false;
    for (const Span &Q : F.qualifiers(I.Qualifiers))
      Signed |= Q.text().starts_with(".s");
    // The descriptor encoding of addresses and offsets is '>> 4' of a
    // 16-byte aligned value; known 1 bits shifted out mean it was not.
    if (N == 4 && (A.One & 0xF))
      Misaligned = Index;
    KnownBits R{(A.Zero & Mask) >> N, (A.One & Mask) >> N};
    uint64_t Vacated = Mask & ~(Mask >> N);
    if (!Signed)
      R.Zero |= Vacated;
    Set(Dst, R);
    return;
  }
  if (Binary && (Op == "add" || Op == "sub" || Op == "mul")) {
    uint64_t Mask = W >= 64 ? ~0ull : (1ull << W) - 1;
    KnownBits A = Src(1), B = Src(2);
    if (A.isConstant(Mask) && B.isConstant(Mask)) {
      uint64_t X = Op == "add" ? A.One + B.One
                   : Op == "sub" ? A.One - B.One
                                 : A.One * B.One;
      // mul.lo/.wide: only .lo keeps the low bits exactly.
      bool Wide = false;
      for (const Span &Q : F.qualifiers(I.Qualifiers))
        Wide |= Q.text() == ".wide" || Q.text() == ".hi";
      Set(Dst, Wide ? KnownBits() : KnownBits::constant(X));
      return;
    }
    Set(Dst, KnownBits());
    return;
  }
  if (Op == "selp" && Ops.size() == 4) {
    Set(Dst, Src(1).meet(Src(2)));
    return;
  }
  Clobber(Dst, Clobber);
}

void KnownBitsAnalysis::run(
    llvm::function_ref<void(uint32_t, const KnownBitsState &)> Visit) {
  if (!AnyKnowable) {
    // Only immediates can be known: no flow to follow.
    KnownBitsState Empty;
    for (uint32_t I = 0; I < F.Instructions.size(); ++I)
      Visit(I, Empty);
    return;
  }
  buildBlocks();
  // Knowledge only shrinks, so this settles; the bound guards against a
  // pathological body, which then gets no findings.
  Blocks[0].Visited = true;
  constexpr unsigned MaxRounds = 64;
  bool Changed = true;
  unsigned Round = 0;
  for (; Changed && Round < MaxRounds; ++Round) {
    Changed = false;
    for (unsigned B = 0; B < Blocks.size(); ++B) {
      if (!Blocks[B].Visited)
        continue;
      KnownBitsState S = Blocks[B].In;
      for (uint32_t I : Blocks[B].Insts)
        transfer(I, S);
      for (unsigned Succ : Blocks[B].Succs) {
        bool First = !Blocks[Succ].Visited;
        Blocks[Succ].Visited = true;
        Changed |= meetInto(Blocks[Succ].In, S, First);
      }
    }
  }
  if (Changed)
    return;
  for (Block &B : Blocks) {
    if (!B.Visited)
      continue;
    KnownBitsState S = B.In;
    for (uint32_t I : B.Insts) {
      Visit(I, S);
      transfer(I, S);
    }
  }
}

void tcgen05::runKnownBits(
    const Function &F, llvm::ArrayRef<llvm::StringRef> Roots,
    llvm::function_ref<void(uint32_t, const KnownBitsState &)> Visit) {
  KnownBitsAnalysis(F, Roots).run(Visit);
}
