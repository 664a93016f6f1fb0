//===- Diagnostic.cpp - Diagnostics, their sinks and the engine -----------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <iterator>

using namespace tcgen05;

DiagnosticConsumer::~DiagnosticConsumer() = default;

void CollectingDiagnosticConsumer::handleDiagnostic(const llvm::SourceMgr *,
                                                    const Diagnostic &D) {
  Diags.push_back(D);
}

Diagnostic Diagnostic::make(DiagID ID, llvm::SMRange R,
                            llvm::ArrayRef<DiagArg> Args, std::string File) {
  return Diagnostic{ID,
                    getDiagInfo(ID).DefaultSeverity,
                    R,
                    formatDiagMessage(ID, Args),
                    {},
                    std::move(File),
                    std::vector<DiagArg>(Args.begin(), Args.end()),
                    {},
                    std::nullopt};
}

Diagnostic &Diagnostic::suggest(llvm::SMRange R, llvm::StringRef Replacement) {
  note(DiagID::note_did_you_mean, {}, {Replacement.str()});
  FixIts.push_back({R, Replacement.str()});
  return *this;
}

Diagnostic &Diagnostic::note(DiagID NoteID, llvm::SMRange R,
                             llvm::ArrayRef<DiagArg> Args) {
  Notes.push_back({NoteID, R, formatDiagMessage(NoteID, Args)});
  return *this;
}

Diagnostic &DiagnosticSink::report(DiagID ID, llvm::SMRange R,
                                   llvm::ArrayRef<DiagArg> Args) {
  const DiagInfo &Info = getDiagInfo(ID);
  if (shouldStop()) {
    Discarded = Diagnostic{ID, Info.DefaultSeverity, R, {}, {}, {}, {},
                           {}, std::nullopt};
    return Discarded;
  }
  if (Info.DefaultSeverity == Severity::Error)
    ++NumErrors;
  Diags.push_back(Diagnostic::make(ID, R, Args));
  return Diags.back();
}

void DiagnosticSink::append(DiagnosticSink &&Other) {
  NumErrors += Other.NumErrors;
  if (Diags.empty()) {
    Diags = std::move(Other.Diags);
    return;
  }
  Diags.insert(Diags.end(), std::make_move_iterator(Other.Diags.begin()),
               std::make_move_iterator(Other.Diags.end()));
  Other.Diags.clear();
}

void DiagnosticSink::mergeBySource(DiagnosticSink &&Other) {
  auto ByCaret = [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Start.getPointer() < B.Range.Start.getPointer();
  };
  std::vector<Diagnostic> Merged;
  Merged.reserve(Diags.size() + Other.Diags.size());
  std::merge(std::make_move_iterator(Diags.begin()),
             std::make_move_iterator(Diags.end()),
             std::make_move_iterator(Other.Diags.begin()),
             std::make_move_iterator(Other.Diags.end()),
             std::back_inserter(Merged), ByCaret);
  Other.Diags.clear();
  Diags.clear();
  NumErrors = 0;
  for (Diagnostic &D : Merged) {
    if (shouldStop())
      break;
    if (D.Sev == Severity::Error)
      ++NumErrors;
    Diags.push_back(std::move(D));
  }
}

void DiagnosticSink::sortBySource() {
  std::stable_sort(
      Diags.begin(), Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
        return A.Range.Start.getPointer() < B.Range.Start.getPointer();
      });
}

bool DiagnosticsEngine::emit(const llvm::SourceMgr *SM, Diagnostic D) {
  Consumer.beginBatch(nullptr);
  return emitInBatch(SM, std::move(D));
}

bool DiagnosticsEngine::emitInBatch(const llvm::SourceMgr *SM, Diagnostic D) {
  if (LimitReached)
    return false;
  std::optional<Severity> Sev = severityUnder(Opts, diagGroup(D.ID), D.Sev);
  if (!Sev)
    return true;
  D.Sev = *Sev;
  if (D.Sev == Severity::Error) {
    if (Opts.ErrorLimit && InputErrors >= Opts.ErrorLimit) {
      // Said once, through the consumer, so every output format shows that
      // it was cut.
      LimitReached = true;
      Consumer.handleDiagnostic(
          nullptr, Diagnostic::make(DiagID::err_too_many_errors, {},
                                    {Opts.ErrorLimit}, "tcgen05-check"));
      return false;
    }
    ++NumErrors;
    ++InputErrors;
  } else if (D.Sev == Severity::Warning) {
    ++NumWarnings;
  }
  Consumer.handleDiagnostic(SM, D);
  return true;
}

bool DiagnosticsEngine::groupDisabled(llvm::StringRef Group) const {
  return groupSilenced(Opts, Group);
}

void DiagnosticsEngine::beginInput() {
  InputErrors = 0;
  LimitReached = false;
}

std::string tcgen05::diagnosticSummary(unsigned Errors, unsigned Warnings,
                                       unsigned HiddenByComments,
                                       unsigned HiddenByBaseline) {
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  std::string Shown;
  if (Errors && Warnings)
    Shown = Count(Errors, "error") + " and " + Count(Warnings, "warning") +
            " generated";
  else if (Errors || Warnings)
    Shown = (Errors ? Count(Errors, "error") : Count(Warnings, "warning")) +
            " generated";
  std::string Hidden;
  if (HiddenByComments)
    Hidden = Count(HiddenByComments, "finding") + " hidden by ignore comments";
  if (HiddenByBaseline)
    Hidden +=
        Hidden.empty()
            ? Count(HiddenByBaseline, "finding") + " hidden by the baseline"
            : " and " + std::to_string(HiddenByBaseline) + " by the baseline";
  if (Shown.empty() && Hidden.empty())
    return "";
  if (Shown.empty())
    return Hidden + ".";
  return Shown + (Hidden.empty() ? "" : "; " + Hidden) + ".";
}

void DiagnosticsEngine::emitAll(const llvm::SourceMgr *SM,
                                std::vector<Diagnostic> &Diags,
                                const LineIndex *Lines) {
  Consumer.beginBatch(Lines);
  for (Diagnostic &D : Diags)
    if (!emitInBatch(SM, std::move(D)) && LimitReached)
      break;
}
