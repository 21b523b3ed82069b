#!/bin/sh
# UserPromptSubmit: exit 0 with text on stdout adds it to the model's context.
cat > /dev/null
echo "Context from hooks: the main branch is protected; the build folder is generated."
