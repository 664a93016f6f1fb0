//===- CApi.cpp - C interface to tcgen05-check ----------------------------===//

#include "tcgen05/tcgen05-c.h"
#include "tcgen05/Version.h"

#include "tcgen05/Basic/InternalError.h"
#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DescriptorTool.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/Emit.h"
#include "tcgen05/Frontend/InlineAsm.h"
#include "tcgen05/Frontend/Invocation.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace tcgen05;

struct tcgen05_result {
  unsigned Errors = 0;
  unsigned Warnings = 0;
  std::string Text;
  std::string Json;
  bool HasOutput = false;
  std::string Output;
  /// The request itself was refused (an unknown target or PTX version):
  /// nothing was checked.
  bool Refused = false;
};

namespace {
/// The name the diagnostics give this door.
constexpr llvm::StringLiteral Origin = "<C interface>";

/// Feeds one diagnostic stream to both printers.
class Tee : public DiagnosticConsumer {
public:
  Tee(DiagnosticConsumer &A, DiagnosticConsumer &B) : A(A), B(B) {}
  void handleDiagnostic(const llvm::SourceMgr *SM,
                        const Diagnostic &D) override {
    A.handleDiagnostic(SM, D);
    B.handleDiagnostic(SM, D);
  }
  void beginBatch(const LineIndex *Lines) override {
    A.beginBatch(Lines);
    B.beginBatch(Lines);
  }
  void finish() override {
    A.finish();
    B.finish();
  }

private:
  DiagnosticConsumer &A, &B;
};
} // namespace

namespace {
/// Runs Check with an engine that prints into R's text and JSON.
template <typename CheckFn>
tcgen05_result *collect(
    CheckFn Check, DiagnosticOptions DiagOpts = [] {
      DiagnosticOptions O;
      O.ErrorLimit = TCGEN05_DEFAULT_ERROR_LIMIT;
      return O;
    }()) {
  auto *R = new tcgen05_result();
  llvm::raw_string_ostream TextOS(R->Text), JsonOS(R->Json);
  auto Text = createTextDiagnosticPrinter(TextOS, /*Colors=*/false);
  auto Json = createJSONDiagnosticPrinter(JsonOS);
  Tee Both(*Text, *Json);
  DiagnosticsEngine Engine(Both, DiagOpts);
  llvm::SourceMgr SM;
  catchInternalError([&] { Check(SM, Engine); },
                     [&](const std::string &What) {
                       Engine.emit(nullptr,
                                   Diagnostic::make(DiagID::err_internal, {},
                                                    {What}, Origin.str()));
                     });
  Both.finish();
  TextOS.flush();
  JsonOS.flush();
  R->Errors = Engine.numErrors();
  R->Warnings = Engine.numWarnings();
  return R;
}

llvm::StringRef orEmpty(const char *S) { return S ? S : ""; }

llvm::StringRef text(const char *P, size_t Length) {
  return P ? llvm::StringRef(P, Length) : llvm::StringRef();
}

/// Copies the caller's PTX into a new buffer of SM, unless it is too large
/// to hold (reported as TC0006).
bool addInput(llvm::SourceMgr &SM, DiagnosticsEngine &Engine, const char *Ptx,
              size_t Length, const char *Name, unsigned &ID) {
  std::string File = Name ? Name : "<string>";
  if (Ptx && Length > DefaultMaxInputSize) {
    Engine.emit(nullptr,
                Diagnostic::make(DiagID::err_input_too_large, {},
                                 {File, std::to_string(Length)}, File));
    return false;
  }
  ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text(Ptx, Length), File),
      llvm::SMLoc());
  return true;
}

/// The last line of defence at the C boundary: no exception unwinds into a
/// C caller.  Exceptions inside a check are reported by collect(); this
/// catches the rest (memory for the result itself running out).
template <typename BodyFn> tcgen05_result *guarded(BodyFn Body) noexcept {
  tcgen05_result *R = nullptr;
  catchInternalError([&] { R = Body(); }, [](const std::string &) {});
  return R;
}
} // namespace

extern "C" tcgen05_result *tcgen05_check_string(const char *Ptx, size_t Length,
                                                const char *Name,
                                                const char *Target) {
  return guarded([&]() -> tcgen05_result * {
    CheckInvocation Inv;
    Inv.Target = orEmpty(Target).str();
    CheckOptions Opts;
    Inv.applyTo(Opts);
    bool Refused = false;
    tcgen05_result *R =
        collect([&](llvm::SourceMgr &SM, DiagnosticsEngine &Engine) {
          unsigned ID = 0;
          if (!(Refused = !Inv.validate(Engine, Origin)) &&
              addInput(SM, Engine, Ptx, Length, Name, ID))
            checkBuffer(SM, ID, Engine, Opts);
        });
    R->Refused = Refused;
    return R;
  });
}

extern "C" tcgen05_result *tcgen05_emit_string(const char *Ptx, size_t Length,
                                               const char *Name,
                                               const char *Target,
                                               const char *PtxVersion) {
  return guarded([&]() -> tcgen05_result * {
    CheckInvocation Inv;
    Inv.Target = orEmpty(Target).str();
    Inv.PtxVersion = orEmpty(PtxVersion).str();
    EmitOptions Opts;
    Inv.applyTo(Opts.Check);
    Opts.PtxVersion = Inv.PtxVersion;
    std::string Output;
    bool Clean = false, Refused = false;
    tcgen05_result *R =
        collect([&](llvm::SourceMgr &SM, DiagnosticsEngine &Engine) {
          unsigned ID = 0;
          if ((Refused = !Inv.validate(Engine, Origin)) ||
              !addInput(SM, Engine, Ptx, Length, Name, ID))
            return;
          llvm::raw_string_ostream OS(Output);
          Clean = emitBuffer(SM, ID, Engine, Opts, OS) == CheckStatus::Clean;
        });
    R->HasOutput = Clean;
    R->Output = std::move(Output);
    R->Refused = Refused;
    return R;
  });
}

extern "C" tcgen05_result *tcgen05_check_asm_template(const char *Template,
                                                      size_t Length,
                                                      const char *Constraints,
                                                      const char *Name,
                                                      const char *Target) {
  return guarded([&]() -> tcgen05_result * {
    InlineAsmOptions Opts;
    if (Target)
      Opts.Target = Target;
    std::vector<std::string> List;
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(Constraints ? Constraints : "")
        .split(Parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef C : Parts)
      List.push_back(C.trim().str());
    CheckInvocation Inv;
    Inv.Target = orEmpty(Target).str();
    bool Refused = false;
    tcgen05_result *R =
        collect([&](llvm::SourceMgr &SM, DiagnosticsEngine &Engine) {
          if (!(Refused = !Inv.validate(Engine, Origin)))
            checkInlineAsm(text(Template, Length), List, Name ? Name : "<asm>",
                           Opts, SM, Engine);
        });
    R->Refused = Refused;
    return R;
  });
}

namespace {
/// The fields of O the caller's struct has: an older caller's struct is
/// shorter.
tcgen05_options readOptions(const tcgen05_options *O) {
  tcgen05_options Out;
  tcgen05_options_init(&Out);
  if (O && O->struct_size)
    std::memcpy(&Out, O, std::min(O->struct_size, sizeof(Out)));
  Out.struct_size = sizeof(Out);
  return Out;
}

} // namespace

extern "C" const char *tcgen05_version(void) { return TCGEN05_VERSION_STRING; }

extern "C" void tcgen05_options_init(tcgen05_options *O) {
  if (!O)
    return;
  std::memset(O, 0, sizeof(*O));
  O->struct_size = sizeof(*O);
  O->error_limit = TCGEN05_DEFAULT_ERROR_LIMIT;
}

extern "C" tcgen05_result *tcgen05_check(const char *Ptx, size_t Length,
                                         const tcgen05_options *Options) {
  return guarded([&]() -> tcgen05_result * {
    tcgen05_options O = readOptions(Options);
    CheckInvocation Inv;
    Inv.Target = orEmpty(O.target).str();
    Inv.SeparateCompilation = O.separate_compilation != 0;
    Inv.Diag.ErrorLimit = O.error_limit;
    Inv.Diag.WarningsAsErrors = O.warnings_as_errors != 0;
    Inv.Diag.IgnoreWarnings = O.ignore_warnings != 0;
    if (O.warning_flags)
      Inv.readWarningWords(O.warning_flags);
    CheckOptions Opts;
    Inv.applyTo(Opts);
    bool Refused = false;
    tcgen05_result *R = collect(
        [&](llvm::SourceMgr &SM, DiagnosticsEngine &Engine) {
          unsigned ID = 0;
          if (!(Refused = !Inv.validate(Engine, Origin)) &&
              addInput(SM, Engine, Ptx, Length, O.name, ID))
            checkBuffer(SM, ID, Engine, Opts);
        },
        Inv.Diag);
    R->Refused = Refused;
    return R;
  });
}

extern "C" tcgen05_result *tcgen05_descriptor(const char *Action,
                                              const char *Input,
                                              const char *Kind,
                                              const char *Target) {
  return guarded([&]() -> tcgen05_result * {
    llvm::StringRef A = Action ? Action : "";
    DescriptorRequest R;
    if (A == "decode-idesc")
      R.Action = DescriptorAction::DecodeIdesc;
    else if (A == "encode-idesc")
      R.Action = DescriptorAction::EncodeIdesc;
    else if (A == "decode-smem-desc")
      R.Action = DescriptorAction::DecodeSmem;
    else if (A == "encode-smem-desc")
      R.Action = DescriptorAction::EncodeSmem;
    else
      return nullptr;
    R.Input = Input ? Input : "";
    R.Kind = Kind ? Kind : "";
    R.Target = Target ? Target : "";
    llvm::json::Value Json = nullptr;
    CheckStatus S = CheckStatus::Clean;
    tcgen05_result *Res =
        collect([&](llvm::SourceMgr &, DiagnosticsEngine &Engine) {
          std::string Ignored;
          llvm::raw_string_ostream OS(Ignored);
          S = runDescriptorTool(R, OS, Engine, &Json);
        });
    Res->HasOutput =
        S != CheckStatus::Usage && Json.kind() != llvm::json::Value::Null;
    if (Res->HasOutput)
      llvm::raw_string_ostream(Res->Output) << Json;
    return Res;
  });
}

extern "C" int tcgen05_result_refused(const tcgen05_result *R) {
  return R && R->Refused;
}
extern "C" unsigned tcgen05_result_error_count(const tcgen05_result *R) {
  return R ? R->Errors : 0;
}
extern "C" unsigned tcgen05_result_warning_count(const tcgen05_result *R) {
  return R ? R->Warnings : 0;
}
extern "C" const char *tcgen05_result_text(const tcgen05_result *R) {
  return R ? R->Text.c_str() : "";
}
extern "C" const char *tcgen05_result_json(const tcgen05_result *R) {
  return R ? R->Json.c_str() : "";
}
extern "C" const char *tcgen05_result_output(const tcgen05_result *R) {
  return R && R->HasOutput ? R->Output.c_str() : nullptr;
}
extern "C" void tcgen05_result_free(tcgen05_result *R) { delete R; }
