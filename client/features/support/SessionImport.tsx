import { nanoid } from '@reduxjs/toolkit';
import { type FormEvent, useContext, useId, useRef, useState } from 'react';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectSupportImport, supportImportRequested } from '../../../shared/features/support/supportSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useAdminHref } from '../adminLists/useAdminHref';
import { Link } from '../navigation/Link';
import { SessionImporterContext } from './sessionImporterContext';

/** An admin opens a session exported elsewhere (a buyer's, sent by another shop's support) to replay it here. */
export function SessionImport() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { importing, status } = useAppSelector(selectSupportImport);
  const importer = useContext(SessionImporterContext);
  const adminHref = useAdminHref();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [chosen, setChosen] = useState(false);
  if (!user || effectiveRole(user.roles) !== 'admin') return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file || !importer) return;
    const importId = nanoid();
    importer.hold(importId, file);
    dispatch(supportImportRequested({ importId }));
  };
  return (
    <section className="site-card support-import" aria-labelledby="support-import-title">
      <h3 id="support-import-title">Import a session</h3>
      <form onSubmit={submit}>
        <label htmlFor={inputId}>Session file (.jsonl, exported from a session page)</label>
        <input id={inputId} ref={input} type="file" accept=".jsonl,application/jsonl" onChange={(event) => setChosen((event.currentTarget.files?.length ?? 0) > 0)} />
        <button type="submit" disabled={importing || !chosen}>
          {importing ? 'Importing…' : 'Import'}
        </button>
      </form>
      {status && (
        <p role="status" className={status.ok ? 'support-import__done' : 'admin-refused'}>
          {status.message} {status.sessionId && <Link href={adminHref(`/support/sessions/${status.sessionId}`)}>Open it</Link>}
        </p>
      )}
    </section>
  );
}
