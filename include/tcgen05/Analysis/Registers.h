//===- Registers.h - Which registers an instruction reads and writes -*- C++
//-*-===//
//
// The def-use view every analysis shares.  PTX puts what an instruction
// writes in its first operand (a register, a vector of them, or a p|q
// pair), except for instructions that write no register at all; every
// other register named, the guard's and those inside a first operand's
// address included, is read.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_REGISTERS_H
#define TCGEN05_ANALYSIS_REGISTERS_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Buckets.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace tcgen05 {

/// Registers named by an operand that an instruction writes when it is
/// the first: a register, or the members of a vector or p|q pair.
template <typename Fn>
void forEachWritten(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol) {
    Each(O.text());
    return;
  }
  if (O.Kind == OperandKind::Vector || O.Kind == OperandKind::Binary)
    for (const Operand &C : F.operands(O.children()))
      forEachWritten(F, C, Each);
}

/// The operands naming the registers forEachWritten names.
template <typename Fn>
void forEachWrittenOperand(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol) {
    Each(O);
    return;
  }
  if (O.Kind == OperandKind::Vector || O.Kind == OperandKind::Binary)
    for (const Operand &C : F.operands(O.children()))
      forEachWrittenOperand(F, C, Each);
}

/// The operands naming the registers an operand reads (the base of a
/// member such as %r1.x).
template <typename Fn>
void forEachReadOperand(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol)
    Each(O);
  else
    for (const Operand &C : F.operands(O.children()))
      forEachReadOperand(F, C, Each);
}

/// Whether the top-level operand K of instruction I is one it writes: the
/// first, unless the opcode writes none (OpNoDef); for a tcgen05 instruction,
/// its roles say: tcgen05.ld writes its results, tcgen05.ld.red its results
/// and redval, and no other writes a register (tcgen05.dealloc reads its
/// taddr).
bool writesOperand(const Function &F, const Instruction &I, uint32_t K);
/// The same for every operand at once: bit K for operand K (only the first
/// two are ever written).
unsigned writtenOperandMask(const Function &F, const Instruction &I);

/// The operands naming the registers instruction I writes; Mask is
/// writtenOperandMask(F, I).
template <typename Fn>
void forEachInstructionWrittenOperand(const Function &F, const Instruction &I,
                                      unsigned Mask, Fn &&Each) {
  for (uint32_t K = 0; K < I.Operands.Count && Mask >> K; ++K)
    if (Mask >> K & 1)
      forEachWrittenOperand(F, F.Operands[I.Operands.First + K], Each);
}
template <typename Fn>
void forEachInstructionWrittenOperand(const Function &F, const Instruction &I,
                                      Fn &&Each) {
  forEachInstructionWrittenOperand(F, I, writtenOperandMask(F, I), Each);
}

/// The operands naming a register instruction I reads (its guard's aside):
/// its sources, and a first operand it does not write.  Written is
/// writtenOperandMask(F, I).
template <typename Fn>
void forEachInstructionReadOperand(const Function &F, const Instruction &I,
                                   unsigned Written, Fn &&Each) {
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  auto Visit = [&](const Operand &O, auto &Self) -> void {
    if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol ||
        O.Kind == OperandKind::Member)
      Each(O);
    else
      for (const Operand &C : F.operands(O.children()))
        Self(C, Self);
  };
  for (uint32_t K = 0; K < Ops.size(); ++K)
    if (Ops[K].Kind == OperandKind::Address || !(K < 32 && Written >> K & 1))
      Visit(Ops[K], Visit);
}
template <typename Fn>
void forEachInstructionReadOperand(const Function &F, const Instruction &I,
                                   Fn &&Each) {
  forEachInstructionReadOperand(F, I, writtenOperandMask(F, I), Each);
}

/// A map from register names to numbers that rarely hashes: compiler
/// output names registers as a short prefix and a decimal number (%r12,
/// %rd7, %p3), so such a name is found by its prefix, among the few a
/// function uses, and indexed by its number.  Other names are hashed.
class RegisterNameMap {
public:
  static constexpr uint32_t None = ~0u;

  /// A name as a prefix and a number: %rd7 is prefix %rd (its index among
  /// the map's prefixes) and 7.  Prefix is None for other names.
  struct Shape {
    uint32_t Prefix = None;
    uint32_t Number = 0;
  };

  /// Name's number, or None.
  uint32_t lookup(llvm::StringRef Name) const;
  /// Gives Name the number Id unless it has one; returns its number and
  /// sets Split to Name's shape.
  uint32_t insert(llvm::StringRef Name, uint32_t Id, Shape &Split);
  uint32_t insert(llvm::StringRef Name, uint32_t Id) {
    Shape Ignored;
    return insert(Name, Id, Ignored);
  }
  /// The spelling of prefix P, '%rd'.
  llvm::StringRef prefix(uint32_t P) const { return Prefixes[P].Spelling; }

private:
  struct Prefix {
    uint64_t Key;
    uint32_t Len;
    llvm::StringRef Spelling;
    std::vector<uint32_t> ByNumber;
  };
  /// Splits a name into its prefix, packed into a word, and its number;
  /// false when it is not of that shape (no digits, a leading zero, a
  /// long prefix or number).
  static bool split(llvm::StringRef Name, uint64_t &Key, uint32_t &Len,
                    uint32_t &Number);
  uint32_t find(uint64_t Key, uint32_t Len) const;

  llvm::SmallVector<Prefix, 8> Prefixes;
  llvm::DenseMap<llvm::StringRef, uint32_t> Other;
};

/// Every name a function body uses, numbered by its spelling: the
/// operands of its pool that name a register or a symbol (%r12, %tid.x, a
/// label, a variable) and its guards.  Built once per function, it lets
/// the symbol checks and the register numbering find a name by number
/// instead of splitting or hashing its text at every use.  %r01 and %r1
/// are different names.
class RegisterNames {
public:
  static constexpr uint32_t None = ~0u;

  explicit RegisterNames(const Function &F);

  uint32_t size() const { return NumNames; }
  /// The number of the name O spells, or None if O is no name; O is an
  /// operand of F's pool.
  uint32_t of(const Operand &O) const { return OperandName[&O - Base]; }
  /// of() for every operand of F's pool, by its index there.
  llvm::ArrayRef<uint32_t> operandNames() const { return OperandName; }
  /// The number of the register instruction I's guard names, or None.
  uint32_t guardOf(uint32_t I) const { return GuardName[I]; }
  /// The number of a name, or None if F does not use it.
  uint32_t lookup(llvm::StringRef Name) const { return Ids.lookup(Name); }
  /// Name N as a prefix and a number (%r12: %r and 12), when it is of that
  /// shape without a leading zero.
  RegisterNameMap::Shape shape(uint32_t N) const { return Shapes[N]; }
  /// How many prefixes the shapes use, and their spelling.
  uint32_t numPrefixes() const { return NumPrefixes; }
  llvm::StringRef prefix(uint32_t P) const { return Ids.prefix(P); }

private:
  const Operand *Base;
  uint32_t NumNames = 0;
  uint32_t NumPrefixes = 0;
  RegisterNameMap Ids;
  std::vector<RegisterNameMap::Shape> Shapes;
  std::vector<uint32_t> OperandName;
  std::vector<uint32_t> GuardName;
};

/// The registers a function writes, numbered once, with the number every
/// operand of its pool names: analyses then read facts by number, not by
/// hashing names.  Registers only read (special registers, parameters of
/// inline-asm blocks) have no number.
class RegisterNumbering {
public:
  static constexpr uint32_t None = ~0u;

  /// Names must be F's and outlive the numbering.
  RegisterNumbering(const Function &F, const RegisterNames &Names);

  uint32_t size() const { return NumRegisters; }
  /// The number of the register O names, or None; O is an operand of F's
  /// pool.
  /// Found through O's name, not kept per operand: a number per operand
  /// and per guard besides the names' cost each worker memory it did not
  /// need on a large kernel.
  uint32_t of(const Operand &O) const { return ofName(Names.of(O)); }
  /// The number of the register instruction I's guard reads, or None.
  uint32_t guardOf(uint32_t I) const { return ofName(Names.guardOf(I)); }
  /// The number of the register name N (of the function's names, or
  /// RegisterNames::None) names, or None.
  uint32_t ofName(uint32_t N) const {
    return N == RegisterNames::None ? None : NameReg[N];
  }
  /// The names the numbering was built from.
  const RegisterNames &names() const { return Names; }
  /// The number of a register by name, or None.
  uint32_t lookup(llvm::StringRef Name) const {
    uint32_t N = Names.lookup(Name);
    return N == RegisterNames::None ? None : NameReg[N];
  }
  /// writtenOperandMask of instruction I, found once.
  unsigned writtenMask(uint32_t I) const { return WrittenMask[I]; }
  /// The instructions writing register Reg, ascending; none for None (a
  /// register no instruction writes has no number).
  llvm::ArrayRef<uint32_t> writers(uint32_t Reg) const {
    if (Reg == None)
      return {};
    return Writers[Reg];
  }

private:
  const RegisterNames &Names;
  uint32_t NumRegisters = 0;
  /// By name number: the register's number, or None if nothing writes it.
  std::vector<uint32_t> NameReg;
  std::vector<uint32_t> WrittenMask;
  Buckets Writers;
};

} // namespace tcgen05

#endif
