//===- InlineAsm.cpp - Check inline-asm templates -------------------------===//
//
// The template is placed in a module of its own and checked like any PTX.
// PTX accepts %0 and $0 as register names, so each register operand is
// declared under its own placeholder and messages name it as the template
// does; immediates become 0.  Diagnostics are moved back onto the template's
// own text.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Frontend/InlineAsm.h"

#include "tcgen05/Basic/Target.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <vector>

using namespace tcgen05;

namespace {

/// The PTX register type each constraint letter stands for, as the NVPTX
/// back end materialises it; "" is an immediate.
struct ConstraintType {
  const char *Letter;
  const char *Type;
};
constexpr ConstraintType ConstraintTypes[] = {
    {"h", ".b16"}, {"r", ".b32"},  {"l", ".b64"}, {"f", ".f32"},
    {"d", ".f64"}, {"b", ".pred"}, {"n", ""},
};

std::optional<llvm::StringRef> constraintType(llvm::StringRef C) {
  C = C.ltrim("=+&");
  for (const ConstraintType &CT : ConstraintTypes)
    if (C == CT.Letter)
      return llvm::StringRef(CT.Type);
  return std::nullopt;
}

/// Offsets in the module matched to offsets in the template, in order: a
/// substituted operand maps, all of it, to its placeholder.
struct OffsetMap {
  std::vector<std::pair<size_t, size_t>> Points; // (module, template)

  size_t toTemplate(size_t ModuleOffset) const {
    auto It =
        std::upper_bound(Points.begin(), Points.end(), ModuleOffset,
                         [](size_t V, const std::pair<size_t, size_t> &P) {
                           return V < P.first;
                         });
    if (It == Points.begin())
      return 0;
    --It;
    return std::min(It->second + (ModuleOffset - It->first), End);
  }
  /// Module offsets from here on belong to the wrapper's closing brace.
  size_t Tail = 0;
  size_t End = 0;
};

} // namespace

CheckStatus tcgen05::checkInlineAsm(llvm::StringRef Template,
                                    llvm::ArrayRef<std::string> Constraints,
                                    llvm::StringRef Name,
                                    const InlineAsmOptions &Opts,
                                    llvm::SourceMgr &SM,
                                    DiagnosticsEngine &Engine) {
  unsigned TemplateID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Template, Name), llvm::SMLoc());
  const char *TemplateStart = SM.getMemoryBuffer(TemplateID)->getBufferStart();
  // R is invalid for what lies outside the template (its constraints).
  auto Fail = [&](DiagID ID, llvm::SMRange R, llvm::ArrayRef<DiagArg> Args) {
    Engine.emit(&SM, Diagnostic::make(ID, R, Args, Name.str()));
    return CheckStatus::IOError;
  };

  std::string Module =
      ".version " + formatPTXVersion(Opts.PtxVersion) + "\n.target " +
      Opts.Target + "\n.address_size 64\n.visible .entry __inline_asm()\n{\n";
  std::vector<std::optional<llvm::StringRef>> Types;
  for (size_t I = 0; I < Constraints.size(); ++I) {
    std::optional<llvm::StringRef> T = constraintType(Constraints[I]);
    if (!T)
      return Fail(DiagID::err_asm_constraint, llvm::SMRange(),
                  {Constraints[I], I});
    Types.push_back(T);
    if (!T->empty())
      Module += "\t.reg " + T->str() + " %" + std::to_string(I) + ", $" +
                std::to_string(I) + ";\n";
  }

  OffsetMap Map;
  std::vector<std::pair<size_t, size_t>> Immediates; // template ranges
  size_t I = 0;
  auto Copy = [&](size_t From, size_t To) {
    Map.Points.push_back({Module.size(), From});
    Module.append(Template.data() + From, To - From);
  };
  size_t Run = 0;
  while (I < Template.size()) {
    char C = Template[I];
    bool Placeholder = (C == '%' || C == '$') && I + 1 < Template.size() &&
                       Template[I + 1] >= '0' && Template[I + 1] <= '9';
    if (C == '%' && I + 1 < Template.size() && Template[I + 1] == '%') {
      Copy(Run, I + 1); // '%%' is one '%'.
      I += 2;
      Run = I;
      continue;
    }
    if (!Placeholder) {
      ++I;
      continue;
    }
    Copy(Run, I);
    size_t J = I + 1;
    unsigned N = 0;
    while (J < Template.size() && Template[J] >= '0' && Template[J] <= '9')
      N = N * 10 + static_cast<unsigned>(Template[J++] - '0');
    if (N >= Types.size())
      return Fail(DiagID::err_asm_operand_range,
                  llvm::SMRange(llvm::SMLoc::getFromPointer(TemplateStart + I),
                                llvm::SMLoc::getFromPointer(TemplateStart + J)),
                  {Template.slice(I, J), Types.size()});
    Map.Points.push_back({Module.size(), I});
    if (Types[N]->empty()) {
      // An immediate: its value is the compiler's; only its form counts.
      Module += "0";
      Immediates.push_back({I, J});
    } else {
      Module.append(Template.data() + I, J - I);
    }
    I = J;
    Run = I;
  }
  Copy(Run, Template.size());
  Map.Points.push_back({Module.size(), Template.size()});
  Map.Tail = Module.size();
  Map.End = Template.size();
  Module += "\n}\n";

  llvm::SourceMgr ModuleSM;
  unsigned ModuleID = ModuleSM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Module, Name), llvm::SMLoc());
  const char *ModuleStart =
      ModuleSM.getMemoryBuffer(ModuleID)->getBufferStart();
  CollectingDiagnosticConsumer Inner;
  DiagnosticOptions InnerOpts;
  InnerOpts.ErrorLimit = 0;
  DiagnosticsEngine InnerEngine(Inner, InnerOpts);
  CheckOptions Check;
  Check.Lint.CheckDescriptorValues = false;
  Check.Lint.CheckHazards = false;
  checkBuffer(ModuleSM, ModuleID, InnerEngine, Check);

  auto Move = [&](llvm::SMRange R) {
    if (!R.Start.isValid())
      return R;
    auto At = [&](llvm::SMLoc L) {
      size_t Off = static_cast<size_t>(L.getPointer() - ModuleStart);
      return llvm::SMLoc::getFromPointer(TemplateStart + Map.toTemplate(Off));
    };
    return llvm::SMRange(At(R.Start),
                         R.End.isValid() ? At(R.End) : At(R.Start));
  };
  unsigned ErrorsBefore = Engine.numErrors();
  // One batch: the printers then find each line from the last one's.
  std::vector<Diagnostic> Shown;
  for (Diagnostic &D : Inner.Diags) {
    // The wrapper's '}' is the end of the template to its author.
    if (D.Range.Start.isValid() &&
        static_cast<size_t>(D.Range.Start.getPointer() - ModuleStart) >=
            Map.Tail) {
      for (DiagArg &A : D.Args)
        if (A.shape() == DiagArg::Shape::String && A.str() == "'}'")
          A = DiagArg("end of template");
      D.Message = formatDiagMessage(D.ID, D.Args);
    }
    D.Range = Move(D.Range);
    // Immediate operands are placeholders for values the compiler picks.
    size_t Off =
        static_cast<size_t>(D.Range.Start.getPointer() - TemplateStart);
    bool ValueRule = D.ID == DiagID::err_tcgen05_operand_range ||
                     D.ID == DiagID::err_tcgen05_operand_power_of_two ||
                     D.ID == DiagID::err_tcgen05_operand_multiple;
    if (ValueRule &&
        llvm::any_of(Immediates, [&](const std::pair<size_t, size_t> &P) {
          return Off >= P.first && Off < P.second;
        }))
      continue;
    for (DiagNote &N : D.Notes)
      N.Range = Move(N.Range);
    Shown.push_back(std::move(D));
  }
  Engine.emitAll(&SM, Shown);
  return Engine.numErrors() > ErrorsBefore ? CheckStatus::Errors
                                           : CheckStatus::Clean;
}

CheckStatus tcgen05::checkInlineAsmFile(llvm::StringRef Path,
                                        llvm::StringRef Constraints,
                                        const InlineAsmOptions &Opts,
                                        llvm::SourceMgr &SM,
                                        DiagnosticsEngine &Engine) {
  // Read the way every input is read (limits, errors); the template then
  // gets a buffer of its own with its operands substituted.
  llvm::SourceMgr Loaded;
  unsigned ID = 0;
  CheckStatus S = loadFile(Path, Loaded, Engine, ID, Opts.MaxInputSize);
  if (S != CheckStatus::Clean)
    return S;
  std::vector<std::string> List;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  if (!Constraints.empty())
    Constraints.split(Parts, ',');
  for (llvm::StringRef P : Parts)
    List.push_back(P.trim().str());
  return checkInlineAsm(Loaded.getMemoryBuffer(ID)->getBuffer(), List, Path,
                        Opts, SM, Engine);
}
