import { type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { LoginRequestSchema, NewPasswordRequestSchema, RegisterRequestSchema, ResetRequestSchema, UserSchema } from '../../schemas/auth';
import authSlice from './authSlice';

/** The logged-in member's name and address, and what the login, registration and reset forms send. */
export const authPersonalData = slicePersonalData(authSlice, {
  state: { user: UserSchema },
  actions: {
    loginRequested: LoginRequestSchema,
    loginSucceeded: UserSchema,
    resetRequested: ResetRequestSchema,
    registrationRequested: RegisterRequestSchema,
    registrationSucceeded: UserSchema,
    newPasswordRequested: type(NewPasswordRequestSchema.schema),
    userRefreshed: UserSchema,
  },
});
