import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Language = 'en' | 'ru';

const i18nSlice = createSlice({
  name: 'i18n',
  initialState: { language: 'en' as Language },
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state) => state.language,
  },
});

export const { languageChanged } = i18nSlice.actions;
export const { selectLanguage } = i18nSlice.selectors;
export default i18nSlice;
