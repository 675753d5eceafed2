"""A resident search server per repository, and the lean client ``maguyva search`` tries first.

Brief overview. ``maguyva search`` pays, before it answers, for Python's start-up, numpy and the
engine's imports, the index's opening and a refresh that walks the repository: more than ripgrep's
whole run. A resident server pays once and keeps the engine warm:

* :mod:`.place` (stdlib only) names the server of a repository: a Unix socket in a private folder
  (``$XDG_RUNTIME_DIR/maguyva``, else ``/tmp/maguyva-UID``, 0700, checked to be the user's), named
  by the repository's real path, the index folder asked for and the environment that changes an
  answer;
* :mod:`.client` (stdlib only: ``os``, ``_socket``, and :mod:`.place`'s JSON, a search's in plain
  Python, without ``json`` or its accelerator) is what ``maguyva search`` runs first: it
  sends argv, the working folder and that environment, prints the answer exactly as the
  in-process command would (stdout and stderr in order, the exit status), and says "not handled"
  when no server runs or the server declines, so the caller runs the command in process;
* :mod:`.server` keeps a :class:`~maguyva_tui.core.live.LiveIndex` (refreshed before a question
  when the disk moved: :mod:`.watch` stats the indexed files only after inotify saw a change),
  runs the very same CLI code on its warm engine with the output captured per thread, and
  refuses peers of another uid; it exits after an idle timeout, when its index folder or its
  repository disappears, or when maguyva's own code changed;
* :mod:`.command` is ``maguyva server start|stop|status|run``.

Nothing here is imported by the core.
"""
