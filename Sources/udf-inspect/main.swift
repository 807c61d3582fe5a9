import TodoExample
import UDFInspect

await Inspector.main(commands: Inspector.builtInCommands, configuration: TodoInspector.configuration)
