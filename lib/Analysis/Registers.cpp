//===- Registers.cpp - Which registers an instruction reads and writes ----===//

#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"

#include <algorithm>

using namespace tcgen05;

unsigned tcgen05::writtenOperandMask(const Function &F, const Instruction &I) {
  if (!I.Operands.Count)
    return 0;
  if (I.Tcgen05 == Instruction::NoTcgen05)
    return I.is(OpNoDef) ? 0 : 1;
  // Which roles are written is Tcgen05Operands.def's Access column.
  const Tcgen05Inst &T = F.Tcgen05[I.Tcgen05];
  uint32_t Roles = tcgen05WrittenRoles(T.Opcode);
  if (!Roles)
    return 0;
  unsigned Mask = 0;
  for (uint32_t J = 0; J < T.NumOperands; ++J) {
    const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + J];
    uint32_t K = O.Operand - I.Operands.First;
    if (K < 32 && (Roles >> static_cast<unsigned>(O.Role) & 1))
      Mask |= 1u << K;
  }
  return Mask;
}

bool tcgen05::writesOperand(const Function &F, const Instruction &I,
                            uint32_t K) {
  return K < 32 && writtenOperandMask(F, I) >> K & 1;
}

bool RegisterNameMap::split(llvm::StringRef Name, uint64_t &Key, uint32_t &Len,
                            uint32_t &Number) {
  // Every name of every body comes through here once.
  const char *P = Name.data();
  size_t End = Name.size();
  if (End < 2 || End > 15)
    return false;
  uint32_t N = 0, Scale = 1;
  size_t Digits = 0;
  for (; Digits < 7 && Digits < End; ++Digits) {
    unsigned D = static_cast<unsigned char>(P[End - 1 - Digits]) - '0';
    if (D > 9)
      break;
    N += D * Scale;
    Scale *= 10;
  }
  Len = static_cast<uint32_t>(End - Digits);
  // %r01 is not %r1; numbers stay small enough to index.
  if (Digits == 0 || Len == 0 || Len > 8 || llvm::isDigit(P[Len - 1]) ||
      (Digits > 1 && P[Len] == '0'))
    return false;
  uint64_t K = 0;
  for (uint32_t I = 0; I < Len; ++I)
    K |= static_cast<uint64_t>(static_cast<unsigned char>(P[I])) << (8 * I);
  Key = K;
  Number = N;
  return true;
}

uint32_t RegisterNameMap::find(uint64_t Key, uint32_t Len) const {
  for (uint32_t I = 0; I < Prefixes.size(); ++I)
    if (Prefixes[I].Key == Key && Prefixes[I].Len == Len)
      return I;
  return None;
}

uint32_t RegisterNameMap::lookup(llvm::StringRef Name) const {
  uint64_t Key;
  uint32_t Len, Number;
  if (!split(Name, Key, Len, Number)) {
    auto It = Other.find(Name);
    return It == Other.end() ? None : It->second;
  }
  uint32_t P = find(Key, Len);
  return P != None && Number < Prefixes[P].ByNumber.size()
             ? Prefixes[P].ByNumber[Number]
             : None;
}

uint32_t RegisterNameMap::insert(llvm::StringRef Name, uint32_t Id,
                                 Shape &Split) {
  uint64_t Key;
  uint32_t Len, Number;
  if (!split(Name, Key, Len, Number)) {
    Split = Shape();
    return Other.try_emplace(Name, Id).first->second;
  }
  uint32_t PI = find(Key, Len);
  if (PI == None) {
    PI = static_cast<uint32_t>(Prefixes.size());
    Prefixes.push_back(Prefix{Key, Len, Name.take_front(Len), {}});
  }
  Split = Shape{PI, Number};
  Prefix &P = Prefixes[PI];
  if (Number >= P.ByNumber.size())
    P.ByNumber.resize(std::max<size_t>(Number + 1, 2 * P.ByNumber.size()),
                      None);
  uint32_t &Slot = P.ByNumber[Number];
  if (Slot == None)
    Slot = Id;
  return Slot;
}

namespace {

/// Names of at most eight bytes, the registers of compiler output (%r12,
/// %rd7, %p3), packed into a word, each with its number: a body names each
/// register several times, and a use soon after another finds it here
/// without splitting its spelling.  Names hold no NUL, so the zero-padded
/// word is the name.  A cache, not a map: a slot keeps the last name that
/// hashed to it, and the table stays within the first-level data cache.  A
/// map of every name of a large body (thousands in FMHA's largest) missed
/// that cache on most lookups and cost more than splitting every name
/// would.
class ShortNames {
public:
  static constexpr uint32_t None = ~0u;

  ShortNames(const Function &F, size_t Operands)
      : BodyBegin(F.Body.Begin), BodyEnd(F.Body.End) {
    // No larger than a small body needs: the table is filled per body.
    while (Bits < MaxBits && (size_t(1) << Bits) < Operands)
      ++Bits;
    Table.assign(size_t(1) << Bits, {0, None});
  }

  /// The slot for Name: its number if the slot holds Name, else None, and
  /// the caller stores the number.
  uint32_t &find(llvm::StringRef Name) {
    uint64_t Key = pack(Name);
    auto &[K, Id] = Table[(Key * 0x9E3779B97F4A7C15ull) >> (64 - Bits)];
    if (K != Key) {
      K = Key;
      Id = None;
    }
    return Id;
  }

private:
  /// 2,048 slots of 16 bytes.
  static constexpr unsigned MaxBits = 11;

  uint64_t pack(llvm::StringRef Name) const {
    const char *P = Name.data();
    uint64_t K = 0;
    // A whole word can be read when the body goes on past it; read in the
    // byte order of the loop below, so a name has one key either way.
    if (P >= BodyBegin && BodyEnd - P >= 8) {
      K = llvm::support::endian::read64le(P);
      return Name.size() == 8 ? K
                              : K & ((uint64_t(1) << (8 * Name.size())) - 1);
    }
    for (size_t I = 0; I < Name.size(); ++I)
      K |= static_cast<uint64_t>(static_cast<unsigned char>(P[I])) << (8 * I);
    return K;
  }

  const char *BodyBegin, *BodyEnd;
  unsigned Bits = 6;
  /// Key 0 is no name: an empty slot never matches.
  std::vector<std::pair<uint64_t, uint32_t>> Table;
};

} // namespace

RegisterNames::RegisterNames(const Function &F) : Base(F.Operands.data()) {
  OperandName.assign(F.Operands.size(), None);
  ShortNames Short(F, F.Operands.size());
  auto NumberNew = [&](llvm::StringRef Name) {
    RegisterNameMap::Shape Split;
    uint32_t Id = Ids.insert(Name, NumNames, Split);
    if (Id == NumNames) {
      ++NumNames;
      Shapes.push_back(Split);
      if (Split.Prefix != RegisterNameMap::None)
        NumPrefixes = std::max(NumPrefixes, Split.Prefix + 1);
    }
    return Id;
  };
  auto Number = [&](llvm::StringRef Name) {
    if (Name.empty() || Name.size() > 8)
      return NumberNew(Name);
    uint32_t &Id = Short.find(Name);
    if (Id == ShortNames::None)
      Id = NumberNew(Name);
    return Id;
  };
  for (size_t K = 0; K < F.Operands.size(); ++K) {
    const Operand &O = F.Operands[K];
    if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Member ||
        O.Kind == OperandKind::Symbol)
      OperandName[K] = Number(O.text());
  }
  GuardName.assign(F.Instructions.size(), None);
  for (size_t K = 0; K < F.Instructions.size(); ++K) {
    if (F.Instructions[K].guarded())
      GuardName[K] = Number(F.Instructions[K].pred().Reg.text());
  }
}

RegisterNumbering::RegisterNumbering(const Function &F,
                                     const RegisterNames &Names)
    : Names(Names), NameReg(Names.size(), None) {
  // Written registers are numbered in order, and the operands naming them
  // where they are written get their number at once.
  std::vector<std::pair<uint32_t, uint32_t>> Writes; // (register, inst)
  WrittenMask.resize(F.Instructions.size());
  for (uint32_t K = 0; K < F.Instructions.size(); ++K) {
    const Instruction &I = F.Instructions[K];
    WrittenMask[K] = writtenOperandMask(F, I);
    forEachInstructionWrittenOperand(
        F, I, WrittenMask[K], [&](const Operand &O) {
          uint32_t &Id = NameReg[Names.of(O)];
          if (Id == None)
            Id = NumRegisters++;
          if (Writes.empty() || Writes.back() != std::make_pair(Id, K))
            Writes.push_back({Id, K});
        });
  }
  // Writers by register, in instruction order.
  Writers = Buckets(NumRegisters, Writes);
}
