exit 0
unchanged
