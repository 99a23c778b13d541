// libedit (editline) for the REPL's line editor: the wide-character editing and history
// interface of <histedit.h>, found through pkg-config on Linux and in the SDK on Apple
// platforms. Swift cannot call C's variadic functions, so each el_set, el_wset and history_w
// call the editor makes has a fixed-argument wrapper here; the wrappers hold no logic.
#ifndef CARD_SERVICE_CEDITLINE_SHIM_H
#define CARD_SERVICE_CEDITLINE_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/// The prompt, as a function libedit calls before each redraw.
static inline int card_el_set_prompt(EditLine *el, wchar_t *(*prompt)(EditLine *)) {
  return el_wset(el, EL_PROMPT, prompt);
}

static inline int card_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int card_el_set_history(EditLine *el, HistoryW *history) {
  return el_wset(el, EL_HIST, history_w, history);
}

/// Whether libedit handles signals while a line is typed: it restores the terminal before a
/// fatal one and follows the window's size.
static inline int card_el_set_signal(EditLine *el, int handles) {
  return el_set(el, EL_SIGNAL, handles);
}

/// Puts the terminal in libedit's edit mode now (1) or back (0). el_wgets prints the prompt
/// before it changes the mode itself, so keys typed as the prompt appears would meet the
/// terminal's line discipline.
static inline int card_el_prepare_terminal(EditLine *el, int editing) {
  return el_set(el, EL_PREP_TERM, editing);
}

static inline int card_el_set_client_data(EditLine *el, void *data) {
  return el_wset(el, EL_CLIENTDATA, data);
}

static inline void *card_el_client_data(EditLine *el) {
  void *data = NULL;
  el_wget(el, EL_CLIENTDATA, &data);
  return data;
}

/// A named editor function that keys can be bound to.
static inline int card_el_add_function(
    EditLine *el, const char *name, const char *help, unsigned char (*function)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds one key sequence (in bind(1) notation, such as "^R" or "\\eb") to a function.
static inline int card_el_bind(EditLine *el, const char *keys, const char *function) {
  return el_set(el, EL_BIND, keys, function, NULL);
}

/// One setting of the terminal modes, such as "-isig" for the edit mode "-d".
static inline int card_el_set_tty(EditLine *el, const char *mode, const char *setting) {
  return el_set(el, EL_SETTY, mode, setting, NULL);
}

static inline int card_history_set_size(HistoryW *history, int size) {
  HistEventW event;
  return history_w(history, &event, H_SETSIZE, size);
}

/// Whether an entry equal to the newest one is dropped.
static inline int card_history_set_unique(HistoryW *history, int unique) {
  HistEventW event;
  return history_w(history, &event, H_SETUNIQUE, unique);
}

static inline int card_history_enter(HistoryW *history, const wchar_t *line) {
  HistEventW event;
  return history_w(history, &event, H_ENTER, line);
}

#endif
