"""python -m engine replay FILE | check BOARD.json [--place JSON] [--jsonl] | bench"""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
