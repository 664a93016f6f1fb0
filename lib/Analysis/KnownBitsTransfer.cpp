//===- KnownBitsTransfer.cpp - Known bits through one instruction ---------===//
//
// Semantics are those of the PTX ISA's integer and data-movement
// instructions (9.7.1 to 9.7.9); anything else, or any form not modelled
// (floating point, saturation, carries, prmt modes), makes what it writes
// unknown.
//
//===----------------------------------------------------------------------===//

#include "KnownBitsTransfer.h"
#include "TypeQualifiers.h"

using namespace tcgen05;
using llvm::APInt;
using llvm::KnownBits;

RegisterFact tcgen05::operandFact(const NodePool &P, const Operand &O,
                                  const RegisterFacts &Facts) {
  RegisterFact R;
  switch (O.Kind) {
  case OperandKind::Integer:
    R.Bits = KnownBits::makeConstant(APInt(64, O.value()));
    break;
  case OperandKind::Unary:
    if (O.Op == '-' &&
        P.Operands[O.children().First].Kind == OperandKind::Integer)
      R.Bits = KnownBits::makeConstant(
          APInt(64, 0 - P.Operands[O.children().First].value()));
    break;
  case OperandKind::Register:
  case OperandKind::Symbol:
    if (const RegisterFact *F = Facts.fact(O))
      R = *F;
    break;
  default:
    break;
  }
  return R;
}

namespace {

/// The operand count of each form the transfer models: the opcodes with
/// OpBits, and those alone (checked below).
constexpr unsigned modelledArity(Opcode O) {
  switch (O) {
  case Opcode::Mov:
  case Opcode::Cvt:
  case Opcode::Not:
    return 2;
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Shl:
  case Opcode::Shr:
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
    return 3;
  case Opcode::Selp:
  case Opcode::Bfe:
  case Opcode::Prmt:
    return 4;
  case Opcode::Bfi:
    return 5;
  default:
    return 0;
  }
}
#define OPCODE(Enum, Name, Group, Properties)                                  \
  static_assert((modelledArity(Opcode::Enum) != 0) ==                          \
                    hasProperty(Opcode::Enum, OpBits),                         \
                "Opcodes.def's OpBits column and the transfer disagree");
#include "tcgen05/Basic/Opcodes.def"

int bitOf(const KnownBits &K, unsigned I) {
  return K.One[I] ? 1 : K.Zero[I] ? 0 : -1;
}

void setBitOf(KnownBits &K, unsigned I, int V) {
  if (V == 1)
    K.One.setBit(I);
  else if (V == 0)
    K.Zero.setBit(I);
}

std::optional<uint64_t> constantOf(const KnownBits &K) {
  if (K.isConstant())
    return K.getConstant().getZExtValue();
  return std::nullopt;
}

/// The value shifted by a constant amount, as PTX shifts: amounts past the
/// width give 0, or the sign for shr.s.
KnownBits shiftBy(Opcode O, bool Signed, const KnownBits &A, uint64_t N) {
  unsigned W = A.getBitWidth();
  if (N >= W) {
    if (O == Opcode::Shr && Signed)
      return KnownBits::ashr(A, KnownBits::makeConstant(APInt(W, W - 1)));
    return KnownBits::makeConstant(APInt(W, 0));
  }
  KnownBits Amount = KnownBits::makeConstant(APInt(W, N));
  if (O == Opcode::Shl)
    return KnownBits::shl(A, Amount);
  return Signed ? KnownBits::ashr(A, Amount) : KnownBits::lshr(A, Amount);
}

/// bfe: Len bits of A from Pos, zero- or sign-extended (9.7.1.18).
KnownBits bitFieldExtract(const KnownBits &A, unsigned Pos, unsigned Len,
                          bool Signed) {
  unsigned W = A.getBitWidth();
  int Sign = 0;
  if (Signed && Len > 0)
    Sign = bitOf(A, std::min(Pos + Len - 1, W - 1));
  KnownBits R(W);
  for (unsigned I = 0; I < W; ++I)
    setBitOf(R, I, I < Len && Pos + I < W ? bitOf(A, Pos + I) : Sign);
  return R;
}

/// bfi: B with Len bits from Pos replaced by A's low bits (9.7.1.19).
KnownBits bitFieldInsert(const KnownBits &A, const KnownBits &B, unsigned Pos,
                         unsigned Len) {
  unsigned W = B.getBitWidth();
  KnownBits R(W);
  for (unsigned I = 0; I < W; ++I)
    setBitOf(R, I, I >= Pos && I - Pos < Len ? bitOf(A, I - Pos) : bitOf(B, I));
  return R;
}

/// prmt.b32 in its default mode: each result byte is a byte of {B, A}, or
/// that byte's sign replicated (9.7.9.7).
KnownBits permute(const KnownBits &A, const KnownBits &B, uint64_t Selector) {
  KnownBits Both = B.concat(A);
  KnownBits R(32);
  for (unsigned Byte = 0; Byte < 4; ++Byte) {
    unsigned Sel = (Selector >> (4 * Byte)) & 0xF;
    unsigned From = (Sel & 7) * 8;
    for (unsigned I = 0; I < 8; ++I)
      setBitOf(R, Byte * 8 + I, bitOf(Both, (Sel & 8) ? From + 7 : From + I));
  }
  return R;
}

class Transfer {
public:
  Transfer(const Function &F, uint32_t Index, RegisterFacts &Facts,
           KnownBitsMarker Marker)
      : F(F), I(F.Instructions[Index]), Index(Index), Facts(Facts),
        Ops(F.operands(I.Operands)), Marker(Marker) {}
  void run();

private:
  KnownBits src(unsigned K, unsigned W) const {
    return K < Ops.size() ? operandFact(F, Ops[K], Facts).Bits.trunc(W)
                          : KnownBits(W);
  }
  void set(const Operand &Dst, const KnownBits &B);
  void clobber(const Operand &Dst);
  void move(unsigned W);

  const Function &F;
  const Instruction &I;
  uint32_t Index;
  RegisterFacts &Facts;
  llvm::ArrayRef<Operand> Ops;
  KnownBitsMarker Marker;
  uint32_t Marked = RegisterFact::NoDef;
};

void Transfer::set(const Operand &Dst, const KnownBits &B) {
  if (Dst.Kind != OperandKind::Register && Dst.Kind != OperandKind::Symbol)
    return;
  RegisterFact Fact;
  Fact.Bits = B.zextOrTrunc(64);
  Fact.DefInst = Index;
  Fact.Marked = Marked;
  if (I.guarded()) { // Guarded: the old value may survive.
    const RegisterFact *Old = Facts.fact(Dst);
    Fact.Bits = Fact.Bits.intersectWith(Old ? Old->Bits : KnownBits(64));
  }
  Facts.set(Dst, Fact);
}

void Transfer::clobber(const Operand &Dst) {
  if (Dst.Kind == OperandKind::Register || Dst.Kind == OperandKind::Symbol) {
    RegisterFact Unknown;
    Unknown.DefInst = Index;
    Facts.set(Dst, Unknown);
  } else if (Dst.Kind == OperandKind::Vector ||
             Dst.Kind == OperandKind::Binary) {
    for (const Operand &C : F.operands(Dst.children()))
      clobber(C);
  }
}

void Transfer::move(unsigned W) {
  const Operand &Dst = Ops[0], &From = Ops[1];
  if (From.Kind == OperandKind::Vector && Dst.Kind != OperandKind::Vector) {
    // Packing: mov.b32 r, {h0, h1}; mov.b64 d, {r0, r1} or {h0, .., h3}.
    llvm::ArrayRef<Operand> Parts = F.operands(From.children());
    unsigned PW = W / Parts.size();
    if (PW * Parts.size() != W || PW < 8)
      return clobber(Dst);
    KnownBits R = operandFact(F, Parts.back(), Facts).Bits.trunc(PW);
    for (size_t K = Parts.size() - 1; K-- > 0;)
      R = R.concat(operandFact(F, Parts[K], Facts).Bits.trunc(PW));
    return set(Dst, R);
  }
  if (Dst.Kind == OperandKind::Vector && From.Kind != OperandKind::Vector) {
    // Unpacking: mov.b64 {lo, hi}, d; the first element is the low part.
    llvm::ArrayRef<Operand> Parts = F.operands(Dst.children());
    unsigned PW = W / Parts.size();
    if (PW * Parts.size() != W || PW < 8)
      return clobber(Dst);
    KnownBits Whole = src(1, W);
    for (size_t K = 0; K < Parts.size(); ++K)
      set(Parts[K], Whole.extractBits(PW, K * PW));
    return;
  }
  if (Dst.Kind == OperandKind::Vector)
    return clobber(Dst);
  set(Dst, src(1, W));
}

void Transfer::run() {
  if (Ops.empty())
    return;
  const Operand &Dst = Ops[0];
  Opcode O = I.op();
  bool Unmodelled = false;
  llvm::SmallVector<TypeQual, 2> Types = typeQualifiers(F, I, Unmodelled);
  TypeQual T = Types.empty() ? TypeQual{'b', 64} : Types.front();
  bool Integer = llvm::all_of(Types, [](TypeQual Q) { return Q.integer(); });
  if (!I.is(OpBits) || Unmodelled || !Integer || Ops.size() != modelledArity(O))
    return clobber(Dst);
  unsigned W = T.Width;
  if (Marker) {
    // A mark travels with the value through the operations that build it
    // (a descriptor from its fields).
    for (const Operand &S : Ops.drop_front()) {
      uint32_t M = operandFact(F, S, Facts).Marked;
      if (M != RegisterFact::NoDef)
        Marked = M;
    }
    if (Ops.size() == 3 && Marker(O, src(1, W), src(2, W)))
      Marked = Index;
  }
  bool Signed = T.Kind == 's';
  switch (O) {
  case Opcode::Mov:
    return move(W);
  case Opcode::Cvt: {
    // cvt.dtype.atype: integer to integer keeps the value, extended by the
    // source's signedness.
    if (Types.size() != 2)
      return clobber(Dst);
    KnownBits A = src(1, Types[1].Width);
    return set(Dst, Types[1].Kind == 's' ? A.sextOrTrunc(W) : A.zextOrTrunc(W));
  }
  case Opcode::And:
    return set(Dst, src(1, W) & src(2, W));
  case Opcode::Or:
    return set(Dst, src(1, W) | src(2, W));
  case Opcode::Xor:
    return set(Dst, src(1, W) ^ src(2, W));
  case Opcode::Not: {
    KnownBits A = src(1, W);
    std::swap(A.Zero, A.One);
    return set(Dst, A);
  }
  case Opcode::Shl:
  case Opcode::Shr: {
    KnownBits A = src(1, W);
    std::optional<uint64_t> N = constantOf(src(2, 32));
    if (!N)
      return set(Dst, KnownBits(W));
    return set(Dst, shiftBy(O, Signed, A, *N));
  }
  case Opcode::Add:
    return set(Dst, KnownBits::add(src(1, W), src(2, W)));
  case Opcode::Sub:
    return set(Dst, KnownBits::sub(src(1, W), src(2, W)));
  case Opcode::Mul: {
    KnownBits A = src(1, W), B = src(2, W);
    if (hasQualifier(F, I, ".wide")) {
      A = Signed ? A.sext(2 * W) : A.zext(2 * W);
      B = Signed ? B.sext(2 * W) : B.zext(2 * W);
      return set(Dst, KnownBits::mul(A, B));
    }
    if (hasQualifier(F, I, ".hi"))
      return set(Dst, Signed ? KnownBits::mulhs(A, B) : KnownBits::mulhu(A, B));
    return set(Dst, KnownBits::mul(A, B));
  }
  case Opcode::Selp:
    return set(Dst, src(1, W).intersectWith(src(2, W)));
  case Opcode::Bfe: {
    std::optional<uint64_t> Pos = constantOf(src(2, 32)),
                            Len = constantOf(src(3, 32));
    if (!Pos || !Len)
      return set(Dst, KnownBits(W));
    return set(Dst,
               bitFieldExtract(src(1, W), *Pos & 0xFF, *Len & 0xFF, Signed));
  }
  case Opcode::Bfi: {
    std::optional<uint64_t> Pos = constantOf(src(3, 32)),
                            Len = constantOf(src(4, 32));
    if (!Pos || !Len)
      return set(Dst, KnownBits(W));
    return set(Dst,
               bitFieldInsert(src(1, W), src(2, W), *Pos & 0xFF, *Len & 0xFF));
  }
  case Opcode::Prmt: {
    std::optional<uint64_t> Sel = constantOf(src(3, 32));
    if (!Sel || W != 32)
      return set(Dst, KnownBits(W));
    return set(Dst, permute(src(1, 32), src(2, 32), *Sel));
  }
  default:
    break;
  }
  clobber(Dst);
}

} // namespace

void tcgen05::transferInstruction(const Function &F, uint32_t Inst,
                                  RegisterFacts &Facts,
                                  KnownBitsMarker Marker) {
  Transfer(F, Inst, Facts, Marker).run();
}
