# HackClass attack box: read by every login shell (/etc/profile.d/attackbox.sh), the student's
# included. The home is a VOLUME, which HackClass mounts as a fresh in-memory file system each time
# the box starts: nothing here may count on files in it.

mkdir -p "$HOME/labs" 2>/dev/null

# The rest is for the student at the terminal.
case $- in *i*) ;; *) return 0 ;; esac

if [ -n "${BASH_VERSION:-}" ]; then
  PS1='\[\e[1;31m\]\u@\h\[\e[0m\]:\[\e[1;34m\]\w\[\e[0m\]\$ '
  alias ls='ls --color=auto' ll='ls -l --color=auto' la='ls -la --color=auto'
  alias grep='grep --color=auto'
fi

cat <<'WELCOME'

  HackClass attack box.
  Your targets answer by their lab's name once started, e.g.
      nc <lab> 9000        curl http://<lab>:8080/        nmap <lab>
  Tools: nmap nc curl wget dig python3 sqlmap john gdb strings xxd jq git ssh
  A lab's files: "Put this lab's files in ~/labs/<lab>" beside its terminal.
  Your files last while the box runs, not after it stops.

WELCOME
