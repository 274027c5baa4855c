// POST /logout: sign out without JavaScript (spec 1 §4.1); the shell's island calls the API and
// clears the local keys instead. GET only shows /login, so a link cannot sign anyone out.
import type { APIRoute } from 'astro';
import { SESSION_COOKIE } from '../lib/constants';
import { getDb } from '../server/db/client';
import { signOut } from '../server/modules/auth/service';

export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.viewer) await signOut(await getDb(), locals.viewer.sessionId);
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return redirect('/login', 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/login', 302);
