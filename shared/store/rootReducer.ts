import { combineSlices } from '@reduxjs/toolkit';
import authSlice from '../features/auth/authSlice';
import catalogueSlice from '../features/catalogue/catalogueSlice';
import i18nSlice from '../features/i18n/i18nSlice';
import navigationSlice from '../features/navigation/navigationSlice';

export const rootReducer = combineSlices(navigationSlice, i18nSlice, catalogueSlice, authSlice);
export type RootState = ReturnType<typeof rootReducer>;
