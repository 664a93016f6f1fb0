//===- Builder.h - Build, check and print tcgen05 instructions ---*- C++
//-*-===//
//
// For compilers that generate tcgen05 code: one function per instruction
// form of PTX ISA 9.7.16, qualifiers as enums, operands as typed registers,
// immediates and addresses.  An Instr prints itself in canonical form,
// wraps itself in a module for checking (tcgen05/Frontend/CheckBuilt.h
// checks it with the same rules as any module), and renders itself as an
// inline-asm template with constraints.
//
//   using namespace tcgen05::build;
//   Value D = Value::reg("%r1", Type::B32), ...;
//   Instr I = mma({CtaGroup::One, Kind::F16}, {D, A, B, IDesc, EnableD});
//   I.str();  // "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, ..."
//   checkBuilt(I, {"sm_100a", 88}, SM, Engine);
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BUILD_BUILDER_H
#define TCGEN05_BUILD_BUILDER_H

#include "tcgen05/AST/Tcgen05Inst.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tcgen05::build {

#define BUILD_ENUM(Enum) enum class Enum : uint8_t {
#define BUILD_VALUE(Enum, Name, Spelling) Name,
#define BUILD_ENUM_END(Enum)                                                   \
  }                                                                            \
  ;                                                                            \
  llvm::StringRef spelling(Enum V);
#include "tcgen05/Build/BuilderQualifiers.def"

/// Register types, as declared (.reg .b32 ...).
enum class Type : uint8_t { Pred, B16, B32, B64, F32 };
llvm::StringRef typeName(Type T); ///< ".b32"

/// An operand.
class Value {
public:
  enum class Kind : uint8_t { Reg, Symbol, Imm, Addr, Vec };

  static Value reg(std::string Name, Type T);
  /// A variable or label by name (a shared-memory variable, say).
  static Value symbol(std::string Name);
  static Value imm(int64_t V);
  /// [Base] or [Base+Offset]; Base is a register or a symbol.
  static Value addr(Value Base, int64_t Offset = 0);
  /// {R0, R1, ...}: registers.
  static Value vec(std::vector<Value> Elements);

  Kind kind() const { return K; }
  const std::string &name() const { return Name; }
  Type type() const { return Ty; }
  int64_t immediate() const { return Imm; }
  const std::vector<Value> &elements() const { return Elems; }
  std::string str() const;
  /// As str(), each register written as RegText gives it (%0 for inline
  /// asm).
  std::string
  format(llvm::function_ref<std::string(const Value &)> RegText) const;

private:
  Kind K = Kind::Imm;
  Type Ty = Type::B32;
  std::string Name;
  int64_t Imm = 0;
  std::vector<Value> Elems;
};

/// Where a built instruction is meant to run.
struct BuildTarget {
  std::string Target = "sm_100a";
  unsigned PtxVersion = 88; ///< major * 10 + minor
};

/// An inline-asm rendering: operands as %0, %1, ... with one constraint each
/// (registers only; immediates stay in the text).
struct AsmTemplate {
  std::string Template;
  std::vector<std::string> Constraints;
  std::vector<Value> Operands; ///< In %N order.
};

/// One tcgen05 instruction.
class Instr {
public:
  /// An instruction of Form (named as the forms table spells it) with
  /// the qualifiers after its name, in order.
  Instr(Tcgen05Form Form, std::vector<std::string> Qualifiers,
        std::vector<Value> Operands, std::vector<bool> Outputs = {});

  /// Guards it: `@p` (or `@!p` when Negated).
  Instr &guard(Value Pred, bool Negated = false);

  /// The statement, ';' included.
  std::string str() const;
  /// A module for T around it: its registers declared at their types, its
  /// symbols as shared variables, one line holding str().
  std::string module(const BuildTarget &T) const;
  /// The name of the buffer that holds module(): the form's name.
  std::string bufferName() const;
  AsmTemplate asmTemplate() const;

  Tcgen05Form form() const { return Form; }
  /// The form's name: "tcgen05.ld.red", "tcgen05.wait::st".
  llvm::StringRef name() const { return tcgen05FormSpelling(Form).Spelling; }
  /// As str(), registers written as RegText gives them.
  std::string
  format(llvm::function_ref<std::string(const Value &)> RegText) const;
  const std::vector<std::string> &qualifiers() const { return Quals; }
  const std::vector<Value> &operands() const { return Ops; }

private:
  Tcgen05Form Form;
  std::vector<std::string> Quals;
  std::vector<Value> Ops;
  std::vector<bool> Outputs; ///< Per operand: written by the instruction.
  std::optional<Value> Pred;
  bool PredNegated = false;
};

// 9.7.16.7.1
Instr alloc(CtaGroup G, Value Dst, Value NCols);
Instr dealloc(CtaGroup G, Value TAddr, Value NCols);
Instr relinquishAllocPermit(CtaGroup G);

// 9.7.16.8.3 - 9.7.16.8.5.  ImmHalfSplitoff is for .16x32bx2 only.
// The option structs have constructors so that `{Shape, Num}` leaves the
// rest at their defaults without -Wmissing-field-initializers.
struct LdSt {
  LdStShape Shape;
  Num N;
  bool Pack16b; ///< .pack::16b on ld, .unpack::16b on st
  std::optional<Value> ImmHalfSplitoff; ///< .16x32bx2 only
  LdSt(LdStShape Shape, Num N, bool Pack16b = false,
       std::optional<Value> ImmHalfSplitoff = std::nullopt)
      : Shape(Shape), N(N), Pack16b(Pack16b),
        ImmHalfSplitoff(std::move(ImmHalfSplitoff)) {}
};
Instr ld(const LdSt &Q, Value Dst, Value TAddr);
struct LdRed {
  LdStShape Shape;
  Num N;
  RedOp Op;
  RedType Ty;
  bool Abs;
  bool NaN;
  std::optional<Value> ImmHalfSplitoff;
  LdRed(LdStShape Shape, Num N, RedOp Op, RedType Ty, bool Abs = false,
        bool NaN = false, std::optional<Value> ImmHalfSplitoff = std::nullopt)
      : Shape(Shape), N(N), Op(Op), Ty(Ty), Abs(Abs), NaN(NaN),
        ImmHalfSplitoff(std::move(ImmHalfSplitoff)) {}
};
Instr ldRed(const LdRed &Q, Value Dst, Value RedVal, Value TAddr);
Instr st(const LdSt &Q, Value TAddr, Value Src);
Instr wait(WaitKind K);

// 9.7.16.9.2 - 9.7.16.9.3
struct Cp {
  CtaGroup G;
  CpShape Shape;
  CpMulticast Multicast;
  CpSrcFormat Decompress; ///< writes .b8x16 and it
  Cp(CtaGroup G, CpShape Shape, CpMulticast Multicast = CpMulticast::None,
     CpSrcFormat Decompress = CpSrcFormat::None)
      : G(G), Shape(Shape), Multicast(Multicast), Decompress(Decompress) {}
};
Instr cp(const Cp &Q, Value TAddr, Value SDesc);
Instr shift(CtaGroup G, Value TAddr);

// 9.7.16.10.9
struct Mma {
  CtaGroup G;
  Kind K;
  bool Sparse;           ///< .sp
  bool WeightStationary; ///< .ws
  bool BlockScale;
  ScaleVec Size;
  Collector Usage;
  bool Ashift;
  Mma(CtaGroup G, Kind K, bool Sparse = false, bool WeightStationary = false,
      bool BlockScale = false, ScaleVec Size = ScaleVec::Default,
      Collector Usage = Collector::None, bool Ashift = false)
      : G(G), K(K), Sparse(Sparse), WeightStationary(WeightStationary),
        BlockScale(BlockScale), Size(Size), Usage(Usage), Ashift(Ashift) {}
};
/// A is an a-desc register, or an address for [a-tmem].
struct MmaOperands {
  Value D, A, B, IDesc, EnableInputD;
  std::optional<Value> SpMeta;            ///< .sp: [sp-meta-tmem]
  std::optional<Value> ScaleA, ScaleB;    ///< .block_scale
  std::optional<Value> DisableOutputLane; ///< a vector
  std::optional<Value> ScaleInputD;       ///< an immediate
  std::optional<Value> ZeroColumnMask;    ///< .ws
  MmaOperands(Value D, Value A, Value B, Value IDesc, Value EnableInputD,
              std::optional<Value> SpMeta = std::nullopt,
              std::optional<Value> ScaleA = std::nullopt,
              std::optional<Value> ScaleB = std::nullopt,
              std::optional<Value> DisableOutputLane = std::nullopt,
              std::optional<Value> ScaleInputD = std::nullopt,
              std::optional<Value> ZeroColumnMask = std::nullopt)
      : D(std::move(D)), A(std::move(A)), B(std::move(B)),
        IDesc(std::move(IDesc)), EnableInputD(std::move(EnableInputD)),
        SpMeta(std::move(SpMeta)), ScaleA(std::move(ScaleA)),
        ScaleB(std::move(ScaleB)),
        DisableOutputLane(std::move(DisableOutputLane)),
        ScaleInputD(std::move(ScaleInputD)),
        ZeroColumnMask(std::move(ZeroColumnMask)) {}
};
Instr mma(const Mma &Q, const MmaOperands &Ops);

// 9.7.16.11.1, 9.7.16.12.1
Instr fence(FenceKind K);
struct Commit {
  CtaGroup G;
  bool SharedCluster;
  bool Multicast; ///< .multicast::cluster, with CtaMask
  Commit(CtaGroup G, bool SharedCluster = false, bool Multicast = false)
      : G(G), SharedCluster(SharedCluster), Multicast(Multicast) {}
};
Instr commit(const Commit &Q, Value MBar,
             std::optional<Value> CtaMask = std::nullopt);

} // namespace tcgen05::build

#endif
