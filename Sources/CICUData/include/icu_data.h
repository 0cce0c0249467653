// Foundation's ICU data, trimmed (icu_data.c): nothing here is called by name; ICU's udata
// finds the symbol at link time.
#ifndef TIDINGS_ICU_DATA_H
#define TIDINGS_ICU_DATA_H
#endif
