//===- Builder.cpp - Build, check and print tcgen05 instructions ----------===//
//
// Each builder writes the words of its syntax line in the manual's order
// (the order the printer uses too) and wraps operands the syntax puts in
// brackets.  Checking goes through the module checker, so a built
// instruction obeys exactly the rules a parsed one does.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Build/Builder.h"
#include "tcgen05/Basic/Opcodes.h"

#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/StringMap.h"

using namespace tcgen05;
using namespace tcgen05::build;

#define BUILD_ENUM(Enum)                                                       \
  llvm::StringRef tcgen05::build::spelling(Enum V) {                           \
    switch (V) {
#define BUILD_VALUE(Enum, Name, Spelling)                                      \
  case Enum::Name:                                                             \
    return Spelling;
#define BUILD_ENUM_END(Enum)                                                   \
  }                                                                            \
  return {};                                                                   \
  }
#include "tcgen05/Build/BuilderQualifiers.def"

namespace {
/// How each register type is declared and constrained in inline asm, in
/// Type's order.
struct TypeInfo {
  llvm::StringRef Name;
  char Constraint;
};
const TypeInfo Types[] = {
    {".pred", 'b'}, {".b16", 'h'}, {".b32", 'r'}, {".b64", 'l'}, {".f32", 'f'},
};
const TypeInfo &info(Type T) { return Types[static_cast<unsigned>(T)]; }
} // namespace

llvm::StringRef tcgen05::build::typeName(Type T) { return info(T).Name; }

Value Value::reg(std::string Name, Type T) {
  Value V;
  V.K = Kind::Reg;
  V.Name = std::move(Name);
  V.Ty = T;
  return V;
}

Value Value::symbol(std::string Name) {
  Value V;
  V.K = Kind::Symbol;
  V.Name = std::move(Name);
  return V;
}

Value Value::imm(int64_t I) {
  Value V;
  V.K = Kind::Imm;
  V.Imm = I;
  return V;
}

Value Value::addr(Value Base, int64_t Offset) {
  Value V;
  V.K = Kind::Addr;
  V.Imm = Offset;
  V.Elems.push_back(std::move(Base));
  return V;
}

Value Value::vec(std::vector<Value> Elements) {
  Value V;
  V.K = Kind::Vec;
  V.Elems = std::move(Elements);
  return V;
}

std::string Value::str() const {
  return format([](const Value &R) { return R.name(); });
}

std::string
Value::format(llvm::function_ref<std::string(const Value &)> RegText) const {
  switch (K) {
  case Kind::Reg:
    return RegText(*this);
  case Kind::Symbol:
    return Name;
  case Kind::Imm:
    return std::to_string(Imm);
  case Kind::Addr: {
    std::string S = "[" + Elems[0].format(RegText);
    // ptxas takes a negative offset as '+-N'.
    if (Imm)
      S += "+" + std::to_string(Imm);
    return S + "]";
  }
  case Kind::Vec: {
    std::string S = "{";
    for (size_t I = 0; I < Elems.size(); ++I)
      S += (I ? ", " : "") + Elems[I].format(RegText);
    return S + "}";
  }
  }
  return {};
}

namespace {

/// Operands the syntax writes in brackets.
Value bracket(Value V) {
  return V.kind() == Value::Kind::Addr ? V : Value::addr(std::move(V));
}

void add(std::vector<std::string> &Quals, llvm::StringRef Word) {
  if (!Word.empty())
    Quals.push_back(Word.str());
}

/// Every register an operand names, in order.
void collectRegisters(const Value &V, std::vector<const Value *> &Out) {
  if (V.kind() == Value::Kind::Reg)
    Out.push_back(&V);
  for (const Value &E : V.elements())
    collectRegisters(E, Out);
}

void collectSymbols(const Value &V, std::vector<const Value *> &Out) {
  if (V.kind() == Value::Kind::Symbol)
    Out.push_back(&V);
  for (const Value &E : V.elements())
    collectSymbols(E, Out);
}

} // namespace

Instr::Instr(Tcgen05Form Form, std::vector<std::string> Qualifiers,
             std::vector<Value> Operands, std::vector<bool> Outputs)
    : Form(Form), Quals(std::move(Qualifiers)), Ops(std::move(Operands)),
      Outputs(std::move(Outputs)) {
  this->Outputs.resize(Ops.size(), false);
}

Instr &Instr::guard(Value P, bool Negated) {
  Pred = std::move(P);
  PredNegated = Negated;
  return *this;
}

std::string Instr::str() const {
  return format([](const Value &R) { return R.name(); });
}

std::string
Instr::format(llvm::function_ref<std::string(const Value &)> RegText) const {
  std::string S;
  if (Pred)
    S +=
        "@" + std::string(PredNegated ? "!" : "") + Pred->format(RegText) + " ";
  S += name();
  for (const std::string &Q : Quals)
    S += Q;
  for (size_t I = 0; I < Ops.size(); ++I)
    S += (I ? ", " : " ") + Ops[I].format(RegText);
  return S + ";";
}

std::string Instr::module(const BuildTarget &T) const {
  std::vector<const Value *> Regs, Syms;
  for (const Value &V : Ops) {
    collectRegisters(V, Regs);
    collectSymbols(V, Syms);
  }
  if (Pred)
    collectRegisters(*Pred, Regs);
  // Registers declared at their types, symbols as shared variables.
  std::string Text = ".version " + formatPTXVersion(T.PtxVersion) +
                     "\n.target " + T.Target + "\n.address_size 64\n";
  llvm::StringMap<bool> Declared;
  for (const Value *S : Syms)
    if (Declared.try_emplace(S->name(), true).second)
      Text += ".shared .align 16 .b8 " + S->name() + "[16];\n";
  Text += ".visible .entry tcgen05_built()\n{\n";
  for (const Value *R : Regs)
    if (Declared.try_emplace(R->name(), true).second)
      Text += ".reg " + typeName(R->type()).str() + " " + R->name() + ";\n";
  return Text + str() + "\nret;\n}\n";
}

std::string Instr::bufferName() const { return name().str() + " (built)"; }

AsmTemplate Instr::asmTemplate() const {
  AsmTemplate A;
  // Registers become %N in order of first use; outputs come first, as
  // compilers number them.
  std::vector<std::pair<const Value *, bool>> Regs;
  auto Collect = [&](bool WantOutputs) {
    for (size_t I = 0; I < Ops.size(); ++I) {
      if (Outputs[I] != WantOutputs)
        continue;
      std::vector<const Value *> Found;
      collectRegisters(Ops[I], Found);
      for (const Value *R : Found)
        Regs.push_back({R, WantOutputs});
    }
  };
  Collect(true);
  Collect(false);
  if (Pred)
    Regs.push_back({&*Pred, false});
  llvm::StringMap<unsigned> Index;
  for (auto &[R, Out] : Regs) {
    if (!Index.try_emplace(R->name(), A.Operands.size()).second)
      continue;
    A.Operands.push_back(*R);
    A.Constraints.push_back(std::string(Out ? "=" : "") +
                            info(R->type()).Constraint);
  }
  A.Template = format([&](const Value &R) {
    return "%" + std::to_string(Index.lookup(R.name()));
  });
  return A;
}

// Builders.  Each follows its syntax line of the manual.

Instr build::alloc(CtaGroup G, Value Dst, Value NCols) {
  return Instr(Tcgen05Form::Alloc,
               {spelling(G).str(), ".sync", ".aligned", ".shared::cta", ".b32"},
               {bracket(std::move(Dst)), std::move(NCols)});
}

Instr build::dealloc(CtaGroup G, Value TAddr, Value NCols) {
  return Instr(Tcgen05Form::Dealloc,
               {spelling(G).str(), ".sync", ".aligned", ".b32"},
               {std::move(TAddr), std::move(NCols)});
}

Instr build::relinquishAllocPermit(CtaGroup G) {
  return Instr(Tcgen05Form::Relinquish,
               {spelling(G).str(), ".sync", ".aligned"}, {});
}

/// The form a wait or fence kind names: its word is the form's name after
/// "tcgen05" (.wait::ld, .fence::after_thread_sync).
static Tcgen05Form formNamed(llvm::StringRef NameWord) {
  return *tcgen05FormOfSpelling("tcgen05" + NameWord.str());
}

/// tcgen05.ld/st.sync.aligned.shape.num{.pack}.b32; Pack is the word for
/// Q.Pack16b.
static std::vector<std::string> ldStWords(const LdSt &Q, llvm::StringRef Pack) {
  std::vector<std::string> W{".sync", ".aligned", spelling(Q.Shape).str(),
                             spelling(Q.N).str()};
  if (Q.Pack16b)
    W.push_back(Pack.str());
  W.push_back(".b32");
  return W;
}

Instr build::ld(const LdSt &Q, Value Dst, Value TAddr) {
  std::vector<std::string> W = ldStWords(Q, ".pack::16b");
  std::vector<Value> Ops{std::move(Dst), bracket(std::move(TAddr))};
  if (Q.ImmHalfSplitoff)
    Ops.push_back(*Q.ImmHalfSplitoff);
  return Instr(Tcgen05Form::Ld, std::move(W), std::move(Ops), {true});
}

Instr build::ldRed(const LdRed &Q, Value Dst, Value RedVal, Value TAddr) {
  std::vector<std::string> W{".sync", ".aligned", spelling(Q.Shape).str(),
                             spelling(Q.N).str(), spelling(Q.Op).str()};
  if (Q.Abs)
    W.push_back(".abs");
  if (Q.NaN)
    W.push_back(".NaN");
  W.push_back(spelling(Q.Ty).str());
  std::vector<Value> Ops{std::move(Dst), std::move(RedVal),
                         bracket(std::move(TAddr))};
  if (Q.ImmHalfSplitoff)
    Ops.push_back(*Q.ImmHalfSplitoff);
  return Instr(Tcgen05Form::LdRed, std::move(W), std::move(Ops), {true, true});
}

Instr build::st(const LdSt &Q, Value TAddr, Value Src) {
  std::vector<std::string> W = ldStWords(Q, ".unpack::16b");
  std::vector<Value> Ops{bracket(std::move(TAddr))};
  if (Q.ImmHalfSplitoff)
    Ops.push_back(*Q.ImmHalfSplitoff);
  Ops.push_back(std::move(Src));
  return Instr(Tcgen05Form::St, std::move(W), std::move(Ops));
}

Instr build::wait(WaitKind K) {
  return Instr(formNamed(spelling(K)), {".sync", ".aligned"}, {});
}

Instr build::cp(const Cp &Q, Value TAddr, Value SDesc) {
  std::vector<std::string> W{spelling(Q.G).str(), spelling(Q.Shape).str()};
  add(W, spelling(Q.Multicast));
  if (Q.Decompress != CpSrcFormat::None) {
    W.push_back(".b8x16");
    W.push_back(spelling(Q.Decompress).str());
  }
  return Instr(Tcgen05Form::Cp, std::move(W),
               {bracket(std::move(TAddr)), std::move(SDesc)});
}

Instr build::shift(CtaGroup G, Value TAddr) {
  return Instr(Tcgen05Form::Shift, {spelling(G).str(), ".down"},
               {bracket(std::move(TAddr))});
}

Instr build::mma(const Mma &Q, const MmaOperands &O) {
  std::vector<std::string> W;
  W.push_back(spelling(Q.G).str());
  W.push_back(spelling(Q.K).str());
  if (Q.BlockScale)
    W.push_back(".block_scale");
  add(W, spelling(Q.Size));
  if (Q.Ashift)
    W.push_back(".ashift");
  add(W, spelling(Q.Usage));

  std::vector<Value> Ops{bracket(O.D), O.A, O.B};
  if (O.SpMeta)
    Ops.push_back(bracket(*O.SpMeta));
  Ops.push_back(O.IDesc);
  if (O.ScaleA)
    Ops.push_back(bracket(*O.ScaleA));
  if (O.ScaleB)
    Ops.push_back(bracket(*O.ScaleB));
  if (O.DisableOutputLane)
    Ops.push_back(*O.DisableOutputLane);
  Ops.push_back(O.EnableInputD);
  if (O.ScaleInputD)
    Ops.push_back(*O.ScaleInputD);
  if (O.ZeroColumnMask)
    Ops.push_back(*O.ZeroColumnMask);
  // The form whose name words (.ws, .sp) the caller asked for.
  std::optional<Tcgen05Form> F =
      tcgen05FormOf(Tcgen05Opcode::Mma, [&](llvm::StringRef Word) {
        return (Word == ".ws" && Q.WeightStationary) ||
               (Word == ".sp" && Q.Sparse);
      });
  return Instr(*F, std::move(W), std::move(Ops));
}

Instr build::fence(FenceKind K) {
  return Instr(formNamed(spelling(K)), {}, {});
}

Instr build::commit(const Commit &Q, Value MBar, std::optional<Value> CtaMask) {
  std::vector<std::string> W{spelling(Q.G).str(), ".mbarrier::arrive::one"};
  if (Q.SharedCluster)
    W.push_back(".shared::cluster");
  if (Q.Multicast)
    W.push_back(".multicast::cluster");
  W.push_back(".b64");
  std::vector<Value> Ops{bracket(std::move(MBar))};
  if (CtaMask)
    Ops.push_back(*CtaMask);
  return Instr(Tcgen05Form::Commit, std::move(W), std::move(Ops));
}
