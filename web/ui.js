// Small DOM helpers shared by the pages.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

let toastTimer;
export function toast(message) {
  const t = document.getElementById('toast');
  t.textContent = message;
  t.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => t.classList.remove('show'), 3200);
}

export function navigate(path) {
  history.pushState({}, '', path);
  window.dispatchEvent(new Event('tabula:navigate'));
}

export function fmtTime(ms) {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

export function stars(n) { return '★'.repeat(n); }

// Runs `f` on an action and shows the server's refusal, if any, as a toast.
export async function attempt(f) {
  try { return await f(); } catch (e) { toast(e.message); return null; }
}

export function shareBox(label) {
  const url = location.origin + location.pathname;
  return h('div', { class: 'stack' },
    h('div', { class: 'muted' }, label),
    h('div', { class: 'row' },
      h('span', { class: 'share', 'data-share': url }, url),
      h('button', { class: 'secondary small', onclick: () => { navigator.clipboard?.writeText(url); toast('Link copied'); } }, 'Copy')));
}
