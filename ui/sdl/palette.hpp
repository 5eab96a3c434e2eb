#pragma once
// The colours of text that means something, the same on every screen.
#include <imgui.h>

namespace parley::ui::sdl {

inline const ImVec4 kError(0.95f, 0.42f, 0.38f, 1.0f);  // a failure, a seat caught cheating, a clock nearly out
inline const ImVec4 kWarn(0.98f, 0.72f, 0.30f, 1.0f);   // needs the person's attention
inline const ImVec4 kGood(0.45f, 0.82f, 0.48f, 1.0f);   // an honest verdict, a running clock, an offer
inline const ImVec4 kQuiet(0.62f, 0.64f, 0.68f, 1.0f);  // detail that may be skipped
inline const ImVec4 kProblemBg(0.47f, 0.14f, 0.14f, 1.0f);  // behind a problem that stays until dealt with

}  // namespace parley::ui::sdl
