print("todo-example")
